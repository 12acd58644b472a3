import type { Route } from "./+types/tours";
import { buttonClass } from "~/components/ui/button";
import { Link } from "~/components/ui/link";
import { expectUser, getApp } from "~/infra/session.server";
import { pageMeta } from "~/lib/seo";
import { tourPath, visitLabel } from "~/lib/tours";
import { listOwnTours } from "~/services/tours.server";

// 'Site Visits' (issue 45): the visits a couple booked, each a link to its page (move, cancel).

export const meta: Route.MetaFunction = pageMeta({ title: "Site Visits", noindex: true });

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const now = Date.now();
  const visits = await listOwnTours(db, expectUser(context).id);
  return { visits: visits.map((v) => ({ ...v, past: Date.parse(v.startsAt) <= now })) };
}

export default function AccountTours({ loaderData }: Route.ComponentProps) {
  const { visits } = loaderData;
  return (
    <>
      <h2 className="text-2xl">Site Visits</h2>
      <p className="mt-2 text-muted">Visits you booked at venues. Open one to move or cancel it.</p>
      {visits.length === 0 ? (
        <div className="mt-6 space-y-3">
          <p>No visits booked yet. Venues that take visits offer them on their page.</p>
          <Link to="/venues" className={buttonClass("outline")}>
            Browse venues
          </Link>
        </div>
      ) : (
        <ul className="mt-6 divide-y divide-sand">
          {visits.map((v) => (
            <li key={v.id} className="py-3">
              <Link to={tourPath(v.id)} className="font-medium">
                {v.venueName}
              </Link>
              <p className="text-sm text-ink-soft">
                {visitLabel(v.startsAt)}
                {v.status === "cancelled" ? " · Cancelled" : v.past ? " · Past" : " · Booked"}
              </p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
