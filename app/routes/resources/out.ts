import type { Route } from "./+types/out";
import { getApp } from "~/infra/session.server";
import { venueWebsite } from "~/services/venue-stats.server";

/**
 * 'Visit Website' (issue 23): sends the visitor on to the venue's own website. The address is
 * read from the approved venue's row, never from the request, so this is no open redirect; an
 * unknown venue, or one without a website, is a 404. The click is counted for the venue's
 * insights by the HTTP layer once the 302 of a GET is sent, once per visitor and day, never a
 * robot's (services/venue-stats.server.ts, ADR 029): a HEAD, which the page cache renders as a
 * GET, never reaches it. Robots are asked to stay away: nofollow on the link, robots.txt.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const target = await venueWebsite(getApp(context).db, params.venueId);
  const headers = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };
  if (!target)
    return new Response("Venue not found", {
      status: 404,
      headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" },
    });
  return new Response(null, { status: 302, headers: { ...headers, Location: target } });
}
