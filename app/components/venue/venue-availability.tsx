import { CALENDAR_FRESH_DAYS, monthInWords, type CompactMonth } from "~/lib/availability";
import { monthLabel } from "~/lib/dates";

// The venue page's next 12 months (issue 24): one line a month saying which days are booked,
// held or closed and how many are free, in words, so nothing rests on colour and the page stays
// within its HTML budget (ADR 030: twelve month grids cost about 12 KB of HTML).
export function VenueAvailability({ months }: { months: CompactMonth[] }) {
  // Free days of a calendar nobody kept up to date are 'not confirmed' (issue 41).
  const unconfirmed = months.some((m) => m.days.includes("u"));
  return (
    <>
      {unconfirmed ? (
        <p className="mb-3 text-sm text-ink-soft">
          Not confirmed: the venue has not updated its calendar in the last {CALENDAR_FRESH_DAYS} days. Ask
          the venue whether your date is free.
        </p>
      ) : null}
      {/* A month with a free day (or one not confirmed) is ink-soft, a full one muted: the class
          of the few full ones (`.months` in app/styles/venue-page.css). */}
      <ul className="months" aria-label="Availability for the next 12 months">
        {months.map((m) => (
          <li key={m.month} className={/[au]/.test(m.days) ? undefined : "full"}>
            <strong>{monthLabel(m.month)}</strong>
            {` ${monthInWords(m)}`}
          </li>
        ))}
      </ul>
    </>
  );
}
