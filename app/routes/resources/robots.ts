import type { Route } from "./+types/robots";
import { getApp } from "~/infra/session.server";

export function loader({ context }: Route.LoaderArgs) {
  const { config } = getApp(context);
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /account",
    "Disallow: /admin",
    "Disallow: /venue-manager",
    "Disallow: /favorites",
    "Disallow: /auth/",
    "Disallow: /api/",
    "Disallow: /out/",
    "Disallow: /calendar/",
    "",
    `Sitemap: ${config.siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
