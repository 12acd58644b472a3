import { data, redirect } from "react-router";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/compare";
import { buttonClass } from "~/components/ui/button";
import { Check } from "~/components/ui/icons";
import { ContextForm } from "~/components/venue/context-form";
import { RatingSummary } from "~/components/venue/rating";
import { VenueImage } from "~/components/venue/venue-image";
import { getApp } from "~/infra/session.server";
import { cn } from "~/lib/cn";
import {
  addToTray,
  COMPARE_COOKIE,
  COMPARE_MAX,
  compareUrl,
  cookieValue,
  parseCompareIds,
  readTray,
  writeTray,
  type TrayItem,
} from "~/lib/compare";
import { PUBLIC_DAY_LABELS } from "~/lib/availability";
import { checkedContext, withContext } from "~/lib/couple-context";
import { estimateLabel, estimateSourceLabel } from "~/lib/estimate";
import { seoMeta, siteFromMatches } from "~/lib/seo";
import { capacityLabel, formatReviewDate, photoAlt } from "~/lib/venue";
import { countLabel } from "~/lib/format";
import { compareVenues, trayItems, type CompareVenue } from "~/services/compare.server";

// /compare?ids=a,b,c (issue 24, point 2; ADR 031): server-rendered, shareable by its address.
// `add=<id>` and `remove=<id>` are the tray's no-script path: they change the tray's cookie and
// redirect to the plain address.

const YEAR = 60 * 60 * 24 * 365;
const trayCookie = (tray: TrayItem[]) =>
  `${COMPARE_COOKIE}=${writeTray(tray)}; Path=/; Max-Age=${YEAR}; SameSite=Lax`;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const url = new URL(request.url);
  const params = url.searchParams;
  const ids = parseCompareIds(params.getAll("ids"));
  // The couple's context (issue 41); a date or month the search would refuse (today to 3 years
  // ahead) is refused with why, the comparison shown without it, and the tray left as it was.
  const { context: couple, dateError } = checkedContext(params);
  const { guests, date, month } = couple;
  const [add] = parseCompareIds(params.getAll("add"));
  const [remove] = parseCompareIds(params.getAll("remove"));
  if ((add || remove) && !dateError) {
    let tray: TrayItem[];
    let full = false;
    if (add) {
      const current = readTray(cookieValue(request.headers.get("cookie"), COMPARE_COOKIE));
      const [item] = await trayItems(db, [add]);
      const change = item ? addToTray(current, item) : null;
      full = change?.outcome === "full";
      tray = change?.tray ?? current;
    } else {
      tray = await trayItems(
        db,
        ids.filter((id) => id !== remove),
      );
    }
    const target = new URL(withContext(compareUrl(tray.map((t) => t.id)), couple), url);
    if (full) target.searchParams.set("full", "1");
    throw redirect(target.pathname + target.search.replace(/%2C/g, ","), {
      headers: { "Set-Cookie": trayCookie(tray), "Cache-Control": "no-store" },
    });
  }
  const comparison = await compareVenues(db, ids, { guests, date, month });
  return data(
    { comparison, context: couple, dateError, full: params.get("full") === "1" },
    { status: dateError ? 400 : 200 },
  );
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const names = data?.comparison.venues.map((v) => v.name) ?? [];
  // A comparison is a visitor's own selection: useful to share, not a page for search engines.
  return seoMeta(siteFromMatches(matches), {
    title: names.length > 0 ? `Compare ${names.join(", ")}` : "Compare venues",
    description:
      names.length > 0
        ? `${names.join(", ")} side by side: price, capacity, rating, amenities and location.`
        : "Compare up to four Colorado wedding venues side by side.",
    noindex: true,
  });
};

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/layout/error-boundary";

type Row = { label: string; cell: (v: CompareVenue) => React.ReactNode; differs?: boolean };

export default function ComparePage({ loaderData }: Route.ComponentProps) {
  const { comparison, context, dateError, full } = loaderData;
  const { guests, date } = context;
  const { venues, dropped, amenities, factLabels } = comparison;
  const ids = venues.map((v) => v.id);
  const showAvailability = !!date && venues.some((v) => v.availability !== null);
  // The total for the couple's guests before the listed price (issue 43), then the facts any of
  // the venues states, in the venue page's order.
  const estimateRow: Row = {
    label: guests ? `Estimated total for ${guests} guests` : "Estimated total",
    cell: (v) =>
      !guests ? (
        <span className="text-muted">Enter a guest count above</span>
      ) : v.estimate ? (
        <>
          <span className="font-semibold">{estimateLabel(v.estimate)}</span>
          <span className="block text-xs text-muted">{estimateSourceLabel(v.estimate)}</span>
        </>
      ) : (
        <span className="text-muted">No price listed</span>
      ),
  };
  const priceRow: Row = { label: guests ? "Listed price" : "Price", cell: (v) => v.price };
  const factRowsShown: Row[] = factLabels.map((label) => ({
    label,
    cell: (v) =>
      v.facts.find((f) => f.label === label)?.value ?? <span className="text-muted">Not stated</span>,
  }));
  const rows: Row[] = [
    ...(guests ? [estimateRow, priceRow] : [priceRow, estimateRow]),
    { label: "Capacity", cell: (v) => capacityLabel(v.capacity ?? 0) ?? "Not listed" },
    ...factRowsShown,
    { label: "Rating", cell: (v) => <RatingSummary rating={v.rating} reviewCount={v.reviewCount} /> },
    ...(showAvailability
      ? [
          {
            label: `Availability on ${formatReviewDate(date!)}`,
            cell: (v: CompareVenue) => (v.availability ? PUBLIC_DAY_LABELS[v.availability] : "Not confirmed"),
          },
        ]
      : []),
    { label: "Venue type", cell: (v) => v.category ?? "Uncategorized" },
    { label: "Region", cell: (v) => v.region ?? "Not listed" },
    { label: "Town", cell: (v) => v.city ?? "Not listed" },
  ];
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="text-4xl">Compare venues</h1>
      <p className="mt-2 text-ink-soft">
        Up to {COMPARE_MAX} venues side by side. Share this page&rsquo;s address to show the same comparison.
      </p>
      <div role="status" className="mt-4 space-y-2">
        {dropped > 0 ? (
          <p className="rounded-lg bg-cream px-4 py-3 text-sm" data-testid="compare-dropped">
            {countLabel(dropped, "venue", "venues")} in this link could not be shown: not on the site, no
            longer listed, or beyond the {COMPARE_MAX} compared at once.
          </p>
        ) : null}
        {dateError ? (
          <p className="rounded-lg bg-cream px-4 py-3 text-sm" data-testid="compare-date-error">
            The date in this link was left out. {dateError}
          </p>
        ) : null}
        {full ? (
          <p className="rounded-lg bg-cream px-4 py-3 text-sm">
            Compare holds {COMPARE_MAX} venues: remove one to add another.
          </p>
        ) : null}
      </div>
      {venues.length === 0 ? (
        <div className="mt-8 rounded-2xl bg-cream px-6 py-14 text-center">
          <h2 className="text-2xl">Nothing to compare yet</h2>
          <p className="mt-2 text-ink-soft">
            Choose &lsquo;Compare&rsquo; on up to four venues in your search.
          </p>
          <Link to="/venues" className={buttonClass("primary", "md", "mt-6")}>
            Browse venues
          </Link>
        </div>
      ) : (
        <>
          <ContextForm variant="compare" context={context} keep={{ ids: ids.join(",") }} />
          {venues.length > 1 ? (
            <p className="mt-6 text-sm text-muted sm:hidden">
              Swipe the table sideways to see all {venues.length} venues.
            </p>
          ) : null}
          <div
            className="compare-scroll mt-3 sm:mt-6"
            tabIndex={0}
            role="region"
            aria-label="Comparison table, scrolls sideways"
            data-testid="compare-table"
          >
            <table className="compare-table">
              <caption className="sr-only">{venues.map((v) => v.name).join(", ")} compared</caption>
              <thead>
                <tr>
                  <td className="compare-corner" />
                  {venues.map((v, i) => (
                    <th key={v.id} scope="col" className="compare-venue">
                      <VenueImage
                        src={v.image}
                        width={400}
                        sizes="240px"
                        loading={i < 2 ? "eager" : "lazy"}
                        alt={photoAlt(v.name, 0, 1)}
                        className="aspect-[3/2] w-full rounded-lg object-cover"
                      />
                      <Link
                        to={withContext(v.path, context)}
                        className="mt-2 block font-serif text-lg leading-snug hover:underline"
                      >
                        {v.name}
                      </Link>
                      <Link
                        to={withContext(`/compare?ids=${ids.join(",")}&remove=${v.id}`, context)}
                        className="mt-1 inline-block text-sm text-primary underline underline-offset-2"
                        aria-label={`Remove ${v.name} from compare`}
                      >
                        Remove
                      </Link>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.label}>
                    <th scope="row">{r.label}</th>
                    {venues.map((v) => (
                      <td key={v.id}>{r.cell(v)}</td>
                    ))}
                  </tr>
                ))}
                <tr>
                  <th scope="rowgroup" colSpan={venues.length + 1} className="compare-section">
                    Amenities <span className="font-normal text-ink-soft">(highlighted rows differ)</span>
                  </th>
                </tr>
                {amenities.length === 0 ? (
                  <tr>
                    <th scope="row">Amenities</th>
                    <td colSpan={venues.length}>None listed</td>
                  </tr>
                ) : (
                  amenities.map((a) => (
                    <tr key={a.name} className={cn(a.differs && "compare-differs")} data-differs={a.differs}>
                      <th scope="row">
                        {a.name}
                        {a.differs ? <span className="sr-only"> (differs)</span> : null}
                      </th>
                      {a.has.map((has, i) => (
                        <td key={ids[i]} className="text-center">
                          {has ? (
                            <>
                              <Check className="mx-auto h-5 w-5 text-primary" aria-hidden="true" />
                              <span className="sr-only">Yes</span>
                            </>
                          ) : (
                            <>
                              <span aria-hidden="true" className="text-ink-soft">
                                &mdash;
                              </span>
                              <span className="sr-only">No</span>
                            </>
                          )}
                        </td>
                      ))}
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}
