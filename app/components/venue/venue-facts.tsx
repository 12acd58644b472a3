import { Fragment } from "react";
import { plainDayLabel } from "~/lib/dates";
import type { VenueView } from "~/lib/venue";
import { factRows, readFacts } from "~/lib/venue-facts";

// Capacity by layout and the house rules, and when the venue last confirmed them with its prices
// (issue 43): the venue page's overview and its booking card.

/** 'Confirmed by the venue on <date>', or why the prices and facts may be out of date. */
export function ConfirmedNote({ confirmed }: { confirmed: VenueView["confirmed"] }) {
  if (!confirmed) return null;
  if (!confirmed.stale)
    return (
      <p className="text-sm text-muted">{`Confirmed by the venue on ${plainDayLabel(confirmed.on!)}`}</p>
    );
  return (
    <p className="text-sm text-danger">
      {confirmed.on
        ? `Prices and facts may be out of date: the venue last confirmed them on ${plainDayLabel(confirmed.on)}.`
        : "Prices and facts may be out of date: the venue has not confirmed them in the last 12 months."}
    </p>
  );
}

export function VenueFacts({ venue: v }: { venue: VenueView }) {
  const rows = factRows(readFacts(v.facts));
  if (rows.length === 0) return null;
  return (
    <>
      <h3 className="venue-h3">Capacity and house rules</h3>
      <dl className="venue-facts">
        {rows.map((f) => (
          <Fragment key={f.label}>
            <dt>{f.label}</dt>
            <dd>{f.value}</dd>
          </Fragment>
        ))}
      </dl>
    </>
  );
}
