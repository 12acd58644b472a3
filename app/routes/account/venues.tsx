import { ExternalLink, Pencil, Plus } from "~/components/ui/icons";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/venues";
import { expectUser, getApp } from "~/infra/session.server";
import { WhatHappensNext, WithdrawSubmission } from "~/components/account/pending-submission";
import { Button, buttonClass } from "~/components/ui/button";
import { useSubmitVenue } from "~/components/venue-form/venue-submission";
import { cn } from "~/lib/cn";
import { pageMeta } from "~/lib/seo";
import { useHydrated } from "~/lib/use-hydrated";
import { submissionPath } from "~/lib/own-submissions";
import { venuePath } from "~/lib/venue-url";
import { listVenuesBySubmitter } from "~/services/venues.server";
import { pendingClaimsOf } from "~/services/claims.server";

export const meta: Route.MetaFunction = pageMeta({ title: "My Venues", noindex: true });

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const userId = expectUser(context).id;
  const [venues, claims] = await Promise.all([
    listVenuesBySubmitter(db, userId),
    pendingClaimsOf(db, userId),
  ]);
  return { venues, claims };
}

export default function MyVenues({ loaderData }: Route.ComponentProps) {
  const { venues, claims } = loaderData;
  const submitVenue = useSubmitVenue();
  const hydrated = useHydrated();
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-2xl">My Venues</h2>
        {/* The submission dialog needs the script: not ready until it runs (ADR 020). */}
        <Button size="sm" onClick={submitVenue} disabled={!hydrated}>
          <Plus className="h-4 w-4" aria-hidden="true" /> Submit Your Colorado Venue
        </Button>
      </div>
      {/* Claims of listings waiting for their proof or an administrator (issue 45, ADR 047). */}
      {claims.length ? (
        <ul className="mt-4 space-y-1 text-sm">
          {claims.map((c) => (
            <li key={c.id} className="break-words">
              {`Claim pending for ${c.venueName}`}
            </li>
          ))}
        </ul>
      ) : null}
      {venues.some((v) => !v.isApproved) ? <WhatHappensNext className="mt-6" /> : null}
      {venues.length === 0 ? (
        <p className="mt-4 text-muted">
          You have not submitted any venues yet. Submitted venues are reviewed before they are listed.
        </p>
      ) : (
        <ul className="mt-6 divide-y divide-sand">
          {venues.map((v) => (
            <li key={v.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-4">
              <div className="min-w-0 flex-1 basis-60">
                <a
                  href={venuePath(v)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1.5 font-medium break-words text-primary underline-offset-4 hover:underline"
                >
                  {v.name} <ExternalLink className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
                <p className="truncate text-sm text-muted">{v.location}</p>
              </div>
              <div className="flex shrink-0 flex-wrap items-center gap-2">
                <span
                  className={cn(
                    "rounded-full px-2.5 py-1 text-xs font-medium",
                    v.isApproved ? "bg-primary-soft text-primary-dark" : "bg-amber-100 text-amber-900",
                  )}
                >
                  {v.isApproved ? "Approved" : "Pending"}
                </span>
                {v.isApproved ? null : (
                  <>
                    <Link to={submissionPath(v.id)} className={buttonClass("outline", "sm")}>
                      <Pencil className="h-4 w-4" aria-hidden="true" /> Edit
                      <span className="sr-only"> {v.name}</span>
                    </Link>
                    <WithdrawSubmission venue={v} />
                  </>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
