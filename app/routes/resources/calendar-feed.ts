import type { Route } from "./+types/calendar-feed";
import { getApp } from "~/infra/session.server";
import { calendarFeed } from "~/services/calendar-feed.server";
import { clientAddress } from "~/services/rate-limit.server";

// A venue's booked dates as an iCalendar feed (issue 24, ADR 030), at a secret address that its
// managers can rotate: `/calendar/{token}.ics`. An unknown or rotated token, or a venue that is
// not public, is a 404, and too many of those from one client a 429. Calendar apps poll it; it is
// never cached by a shared cache, as its address is the only secret.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db, config } = getApp(context);
  const token = params.file.endsWith(".ics") ? params.file.slice(0, -4) : "";
  const feed = await calendarFeed(db, token, config.siteUrl, clientAddress(request));
  if (!feed.ok)
    return new Response(feed.status === 429 ? feed.error : "No such calendar", {
      status: feed.status,
      headers: { "Content-Type": "text/plain; charset=utf-8", "X-Robots-Tag": "noindex" },
    });
  return new Response(feed.body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Cache-Control": "private, max-age=300",
      "X-Robots-Tag": "noindex",
    },
  });
}
