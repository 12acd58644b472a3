import { plainDayLabel } from "~/lib/dates";
import type { VenueView } from "~/lib/venue";

// Capacity by layout and the house rules, and when the venue last confirmed them with its prices
// (issue 43): the venue page's overview and its booking card.

/** 'Confirmed by the venue on <date>', or why the prices may be out of date. */
export function ConfirmedNote({ confirmed, what }: { confirmed: VenueView["confirmed"]; what: string }) {
  if (!confirmed) return null;
  if (!confirmed.stale)
    return (
      <p className="text-sm text-muted">{`Confirmed by the venue on ${plainDayLabel(confirmed.on!)}`}</p>
    );
  return (
    <p className="text-sm text-danger" data-testid="stale-prices">
      {confirmed.on
        ? `${what} may be out of date: the venue last confirmed them on ${plainDayLabel(confirmed.on)}.`
        : `${what} may be out of date: the venue has not confirmed them in the last 12 months.`}
    </p>
  );
}

export function VenueFacts({ venue: v }: { venue: VenueView }) {
  if (v.facts.length === 0) return null;
  return (
    <>
      <h3 className="venue-h3">Capacity and house rules</h3>
      <dl className="venue-facts" data-testid="venue-facts">
        {v.facts.map((f) => (
          <div key={f.label}>
            <dt>{f.label}</dt>
            <dd>{f.value}</dd>
          </div>
        ))}
      </dl>
      <ConfirmedNote confirmed={v.confirmed} what="These facts" />
    </>
  );
}
