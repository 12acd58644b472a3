import { expect } from "vitest";
import { adminVenuesApp, createVenue } from "./factories";

/**
 * The admin venue list's app (issue 22, item 8): adminVenuesApp with six venues, four approved,
 * across both types, three regions and missing coordinates; `page` fetches the list as the admin.
 */
export async function adminVenueListApp() {
  const app = await adminVenuesApp();
  const { t, barn, garden } = app;
  const ids: Record<string, string> = {};
  const placed = { latitude: 39.5, longitude: -106 };
  for (const [name, over] of Object.entries({
    "Aspen Barn": { categoryId: barn.id, region: "Central Mountains", ...placed },
    "Boulder Barn": { categoryId: barn.id, region: "Front Range North", latitude: 0, longitude: 0 },
    "Cedar Garden": { categoryId: garden.id, region: "Front Range North", latitude: null, longitude: null },
    "Dove Garden": { categoryId: garden.id, region: "Foothills", ...placed },
    "Elk Barn": { categoryId: barn.id, region: "Foothills", latitude: 0, longitude: 0, isApproved: false },
    "Fox Garden": { categoryId: garden.id, region: "Central Mountains", ...placed, isApproved: false },
  }))
    ids[name] = (await createVenue(t.db, { name, ...over })).id;
  const page = async (query: string) => {
    const res = await app.http.fetch(`/admin/venues${query}`, { cookie: app.admin.cookie });
    expect(res.status).toBe(200);
    return res.text();
  };
  return { ...app, ids, page };
}

/** The rows' names of a page of the list, in order. */
export const rowNames = (html: string) =>
  [...html.matchAll(/<th scope="row"[^>]*><a [^>]*>([^<]+)<\/a>/g)].map((m) => m[1]);
