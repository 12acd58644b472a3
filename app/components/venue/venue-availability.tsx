import { monthInWords, type CompactMonth } from "~/lib/availability";
import { monthLabel } from "~/lib/dates";

// The venue page's next 12 months (issue 24): one line a month saying which days are booked,
// held or closed and how many are free, in words, so nothing rests on colour and the page stays
// within its HTML budget (ADR 030: twelve month grids cost about 12 KB of HTML).
export function VenueAvailability({ months }: { months: CompactMonth[] }) {
  return (
    <ul
      className="grid gap-x-6 gap-y-1.5 text-sm sm:grid-cols-2"
      aria-label="Availability for the next 12 months"
    >
      {months.map((m) => (
        <li key={m.month} className={/a/.test(m.days) ? "text-ink-soft" : "text-muted"}>
          <strong className="font-semibold text-ink">{monthLabel(m.month)}</strong> {monthInWords(m)}
        </li>
      ))}
    </ul>
  );
}
