import { isbot } from "isbot";
import type { Route } from "./+types/out";
import { getApp } from "~/infra/session.server";
import { websiteClick } from "~/services/venue-stats.server";

/**
 * 'Visit Website' (issue 23): counts the click for the venue's insights and sends the visitor on
 * to the venue's own website. The address is read from the approved venue's row, never from the
 * request, so this is no open redirect; an unknown venue, or one without a website, is a 404.
 * Robots are sent on uncounted (and are asked to stay away: nofollow on the link, robots.txt).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const agent = request.headers.get("user-agent");
  const count = request.method === "GET" && !!agent && !isbot(agent);
  const target = await websiteClick(getApp(context).db, params.venueId, { count });
  const headers = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };
  if (!target)
    return new Response("Venue not found", {
      status: 404,
      headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" },
    });
  return new Response(null, { status: 302, headers: { ...headers, Location: target } });
}
