import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { Link } from "~/components/ui/link";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { DAY_STATUS_LABELS, type DayStatus, type ManagerAvailability } from "~/lib/availability";
import { addDays, dayLabel, monthLabel, monthOf, monthWeeks, monthWithin, WEEKDAY_SHORT } from "~/lib/dates";
import { useHydrated } from "~/lib/use-hydrated";

// The availability panel's month (ADR 030): a table of days, each status in words, whose days
// become buttons once scripts run (arrow keys move between them, a roving tabindex), its legend
// and the links to the months before and after.

const STATUS_STYLES: Record<DayStatus, string> = {
  available: "bg-white text-ink border-sand",
  held: "bg-amber-50 text-amber-900 border-amber-300 [background-image:repeating-linear-gradient(135deg,transparent_0_6px,rgb(253_230_138/.6)_6px_9px)]",
  booked: "bg-primary text-white border-primary",
  closed: "bg-stone-200 text-stone-700 border-stone-300",
};

export function Legend() {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-ink-soft" aria-label="Legend">
      {(Object.keys(DAY_STATUS_LABELS) as DayStatus[]).map((s) => (
        <li key={s} className="flex items-center gap-1.5">
          <span
            className={cn("inline-block h-3.5 w-3.5 rounded border", STATUS_STYLES[s])}
            aria-hidden="true"
          />
          {DAY_STATUS_LABELS[s]}
        </li>
      ))}
    </ul>
  );
}

export function MonthGrid({
  availability,
  from,
  to,
  onPick,
  onLeave,
}: {
  availability: ManagerAvailability;
  from: string;
  to: string;
  onPick: (day: string) => void;
  /** An arrow key past the month's edge: show the month of `day` (issue 41: ranges across months). */
  onLeave: (day: string) => void;
}) {
  const hydrated = useHydrated();
  const { month, days } = availability.month;
  const status = new Map(days);
  const inMonth = (d: string) => monthOf(d) === month;
  const start = [from, availability.today, `${month}-01`].find((d) => d && inMonth(d))!;
  const [focus, setFocus] = useState(start);
  const focusDay = inMonth(focus) ? focus : start;
  const table = useRef<HTMLTableElement>(null);
  const [lo, hi] = from && to ? [from, to].sort() : [from, from];

  // A day in the next or previous month gets the focus once that month is shown.
  const arriving = useRef<string | null>(null);
  useEffect(() => {
    const day = arriving.current;
    if (!day || !inMonth(day)) return;
    arriving.current = null;
    table.current?.querySelector<HTMLButtonElement>(`[data-day="${day}"]`)?.focus();
  });
  const move = (day: string) => {
    setFocus(day);
    if (inMonth(day)) table.current?.querySelector<HTMLButtonElement>(`[data-day="${day}"]`)?.focus();
    else if (day >= availability.window.first && day <= availability.window.last) {
      arriving.current = day;
      onLeave(day);
    }
  };
  const onKey = (e: KeyboardEvent<HTMLButtonElement>, day: string) => {
    const last = days.at(-1)![0];
    const step: Record<string, string> = {
      ArrowLeft: addDays(day, -1),
      ArrowRight: addDays(day, 1),
      ArrowUp: addDays(day, -7),
      ArrowDown: addDays(day, 7),
      Home: `${month}-01`,
      End: last,
    };
    const next = step[e.key];
    if (!next) return;
    e.preventDefault();
    move(next);
  };

  return (
    <table ref={table} className="w-full table-fixed border-separate border-spacing-1">
      <caption className="sr-only">{monthLabel(month)}</caption>
      <thead>
        <tr>
          {WEEKDAY_SHORT.map((w) => (
            <th key={w} scope="col" className="pb-1 text-xs font-medium text-muted">
              <abbr title={w} className="no-underline">
                {w}
              </abbr>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {monthWeeks(month).map((week, i) => (
          <tr key={i}>
            {week.map((day, j) => {
              if (!day) return <td key={j} />;
              const s = status.get(day) ?? "available";
              const past = day < availability.today;
              const chosen = !!lo && day >= lo && day <= (hi || lo);
              const body = (
                <>
                  <span className="block text-sm font-semibold leading-none">{Number(day.slice(8))}</span>
                  <span className="mt-1 block truncate text-[10px] leading-none sm:text-xs">
                    {s === "available" ? <span className="sr-only">Available</span> : DAY_STATUS_LABELS[s]}
                  </span>
                </>
              );
              const cell = cn(
                "flex h-12 w-full flex-col items-center justify-center rounded-md border px-0.5 sm:h-14",
                STATUS_STYLES[s],
                // Dashed, not faded: a past day's text keeps its 4.5:1 contrast (issue 41, item 17).
                past && "border-dashed",
                chosen && "outline outline-3 outline-offset-1 outline-ink",
                day === availability.today && "font-bold underline",
              );
              return (
                <td key={j} className="p-0">
                  {hydrated ? (
                    <button
                      type="button"
                      data-day={day}
                      tabIndex={day === focusDay ? 0 : -1}
                      aria-label={`${dayLabel(day)}: ${DAY_STATUS_LABELS[s]}${past ? " (past)" : ""}`}
                      aria-pressed={chosen}
                      onClick={() => {
                        setFocus(day);
                        onPick(day);
                      }}
                      onKeyDown={(e) => onKey(e, day)}
                      className={cn(cell, "cursor-pointer hover:brightness-95 focus-visible:ring-2")}
                    >
                      {body}
                    </button>
                  ) : (
                    <div className={cell}>{body}</div>
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
/** The previous or next month, a link while the calendar goes there (ADR 030). */
export function MonthLink({
  month,
  label,
  availability,
  monthHref,
  children,
}: {
  month: string;
  label: string;
  availability: ManagerAvailability;
  monthHref: (month: string) => string;
  children: ReactNode;
}) {
  if (!monthWithin(month, availability.window))
    return (
      <span
        className={buttonClass("outline", "sm", "opacity-40")}
        role="link"
        aria-disabled="true"
        aria-label={label}
      >
        {children}
      </span>
    );
  return (
    <Link
      to={monthHref(month)}
      preventScrollReset
      className={buttonClass("outline", "sm")}
      aria-label={`${label}, ${monthLabel(month)}`}
    >
      {children}
    </Link>
  );
}
