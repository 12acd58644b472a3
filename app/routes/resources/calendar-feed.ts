import type { Route } from "./+types/calendar-feed";
import { getApp } from "~/infra/session.server";
import { calendarFeed } from "~/services/availability.server";

// A venue's booked dates as an iCalendar feed (issue 24, ADR 030), at a secret address that its
// managers can rotate: `/calendar/{token}.ics`. An unknown or rotated token is a 404. Calendar
// apps poll it; it is never cached by a shared cache, as its address is the only secret.
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, config } = getApp(context);
  const token = params.file.endsWith(".ics") ? params.file.slice(0, -4) : "";
  const body = token ? await calendarFeed(db, token, config.siteUrl) : null;
  if (!body)
    return new Response("No such calendar", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "X-Robots-Tag": "noindex" },
    });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Cache-Control": "private, max-age=300",
      "X-Robots-Tag": "noindex",
    },
  });
}
