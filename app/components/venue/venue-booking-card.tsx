import type { ReactNode } from "react";
import { CalendarHeart, Globe, Users } from "~/components/ui/icons";
import { buttonClass } from "~/components/ui/button";
import { ContextForm } from "./context-form";
import { ConfirmedNote } from "./venue-facts";
import { PUBLIC_DAY_LABELS, monthInWords, type CompactMonth, type PublicDayState } from "~/lib/availability";
import { NO_CONTEXT, type CoupleContext } from "~/lib/couple-context";
import { monthLabel, plainDayLabel } from "~/lib/dates";
import { estimateLabel, estimateSourceLabel, type Breakdown, type Estimate } from "~/lib/estimate";
import { formatCurrency } from "~/lib/format";
import { formatReviewDate, priceDisplay, type VenueView } from "~/lib/venue";

/** The venue's calendar on the couple's date, or in their flexible month (issue 41). */
export type ContextAvailability = {
  date: { day: string; status: PublicDayState | null } | null;
  month: CompactMonth | null;
};

/**
 * The side card: capacity, price, 'Check availability' (issue 23), the website (through
 * /out/{id}, which counts the click for the venue's insights and sends the visitor on: ADR 029),
 * and the spec's booking notice.
 */
export function VenueBookingCard({
  venue: v,
  siteName,
  inquiry,
  estimate = null,
  breakdown = null,
  context = NO_CONTEXT,
  availability = { date: null, month: null },
  dateError = null,
  replyTime = null,
}: {
  venue: VenueView;
  siteName: string;
  /** 'About $X for N guests' for the address's context (issue 24, 41). */
  estimate?: Estimate | null;
  /** Its working, when the venue's own prices made it (issue 43). */
  breakdown?: Breakdown | null;
  /** The couple's date or month and guests, from the address. */
  context?: CoupleContext;
  availability?: ContextAvailability;
  /** Why the address's date was left out of the estimate. */
  dateError?: string | null;
  /** The 'Check availability' control, for a venue that takes inquiries. */
  inquiry?: ReactNode;
  /** "Usually replies within N hours", when the venue's answers tell (issue 45). */
  replyTime?: string | null;
}) {
  const listed = (
    <p className={estimate ? "mt-3 text-sm text-muted" : undefined}>
      <span className="block text-sm text-muted">Average price per event</span>
      <span className={estimate ? undefined : "font-serif text-2xl"}>{priceDisplay(v)}</span>
    </p>
  );
  return (
    // `.booking-card` in app/styles/venue-page.css.
    <aside className="booking-card">
      {v.capacity > 0 ? (
        <p className="flex items-center gap-3 text-lg">
          <Users className="h-5 w-5 text-primary" aria-hidden="true" /> {`Up to ${v.capacity} guests`}
        </p>
      ) : null}
      {/* A total for the couple's guests comes first and largest, the listed price after it (issue 43). */}
      {estimate ? null : listed}
      <div data-testid="venue-estimate">
        {dateError ? (
          <p className="mb-2 text-sm text-danger">The date in this link was left out. {dateError}</p>
        ) : null}
        {estimate ? (
          <p>
            <span className="block font-serif text-2xl">{estimateLabel(estimate)}</span>
            <span className="text-sm text-muted">{estimateSourceLabel(estimate)}</span>
          </p>
        ) : context.guests ? (
          <p className="text-sm text-muted">No estimate: this venue lists no price.</p>
        ) : null}
        {estimate && breakdown ? <HowItAddsUp breakdown={breakdown} /> : null}
        {estimate ? listed : null}
        <ConfirmedNote confirmed={v.confirmed} />
        {availability.date ? (
          <p className="mt-2 text-sm" data-testid="venue-date-availability">
            <span className="font-semibold">{formatReviewDate(availability.date.day)}:</span>{" "}
            {availability.date.status ? PUBLIC_DAY_LABELS[availability.date.status] : "Not confirmed"}
          </p>
        ) : availability.month ? (
          <p className="mt-2 text-sm" data-testid="venue-date-availability">
            <span className="font-semibold">{monthLabel(availability.month.month)}:</span>{" "}
            {monthInWords(availability.month)}
          </p>
        ) : null}
        <ContextForm variant="card" context={context} />
      </div>
      {inquiry}
      {inquiry && replyTime ? <p className="-mt-2 text-center text-sm text-muted">{replyTime}</p> : null}
      {v.hasWebsite ? (
        <a
          href={`/out/${v.id}`}
          target="_blank"
          rel="nofollow noopener noreferrer"
          className={buttonClass(inquiry ? "outline" : "primary", "md", "w-full")}
        >
          <Globe className="h-4 w-4" aria-hidden="true" /> Visit Website
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      ) : null}
      <div className="booking-note">
        <CalendarHeart className="h-5 w-5 text-accent" aria-hidden="true" />
        <p>
          {`Online booking is coming soon on ${siteName}. Until then, please contact the venue directly and mention that you found them on ${siteName}.`}
        </p>
      </div>
    </aside>
  );
}

/** 'How this adds up': each line of the total with its rule (issue 43). Plain HTML: no script needed. */
function HowItAddsUp({ breakdown: b }: { breakdown: Breakdown }) {
  return (
    <details className="mt-2 text-sm" data-testid="price-breakdown">
      <summary className="cursor-pointer font-medium text-primary">How this adds up</summary>
      {b.day ? <p className="mt-2 text-muted">{`For ${plainDayLabel(b.day)}`}</p> : null}
      <table className="mt-2 w-full">
        <tbody>
          {b.lines.map((line) => (
            <tr key={line.label} className="border-b border-sand align-top">
              <th scope="row" className="py-1.5 pr-2 text-left font-normal">
                {line.label}
                <span className="block text-xs text-muted">{line.rule}</span>
              </th>
              <td className="py-1.5 text-right tabular-nums">{formatCurrency(line.amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="pt-2 text-left">
              Total
            </th>
            <td className="pt-2 text-right font-semibold tabular-nums">{formatCurrency(b.total)}</td>
          </tr>
        </tfoot>
      </table>
    </details>
  );
}
