import { cn } from "~/lib/cn";
import {
  DAY_STATUS_LABELS,
  isFree,
  monthLabel,
  monthWeeks,
  statusOfLetter,
  WEEKDAY_SHORT,
  type CompactMonth,
} from "~/lib/availability";

// The venue page's next 12 months (issue 24): server-rendered small month tables, free days plain
// and the others struck through on a dark ground, each with its status in words for screen
// readers and a legend for everyone (not colour alone). A strip that scrolls sideways on a phone.

export function VenueAvailability({ months }: { months: CompactMonth[] }) {
  return (
    <div className="space-y-3">
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-ink-soft">
        <span>
          <span className="mr-1 inline-block rounded border border-sand bg-white px-1">12</span> Free
        </span>
        <span>
          <span className="mr-1 inline-block rounded bg-ink px-1 text-white line-through">12</span> Booked,
          held or closed
        </span>
      </p>
      <div
        className="-mx-1 flex snap-x gap-4 overflow-x-auto px-1 pb-2"
        tabIndex={0}
        role="region"
        aria-label="Availability for the next 12 months"
      >
        {months.map((m) => (
          <table
            key={m.month}
            className="shrink-0 snap-start border-separate border-spacing-0.5 text-center text-xs"
          >
            <caption className="pb-1 text-left text-sm font-semibold text-ink">{monthLabel(m.month)}</caption>
            <thead>
              <tr>
                {WEEKDAY_SHORT.map((w) => (
                  <th key={w} scope="col" className="w-7 font-medium text-muted">
                    <abbr title={w} className="no-underline">
                      {w.slice(0, 2)}
                    </abbr>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {monthWeeks(m.month).map((week, i) => (
                <tr key={i}>
                  {week.map((day, j) => {
                    if (!day) return <td key={j} />;
                    const status = statusOfLetter(m.days[Number(day.slice(8)) - 1]);
                    const n = Number(day.slice(8));
                    return isFree(status) ? (
                      <td key={j} className="h-7 rounded">
                        {n}
                      </td>
                    ) : (
                      <td key={j} className={cn("h-7 rounded bg-ink text-white line-through")}>
                        {n}
                        <span className="sr-only">{` ${DAY_STATUS_LABELS[status].toLowerCase()}`}</span>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
    </div>
  );
}
