import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listVenuesForAdmin } from "../../app/services/admin-venues.server";
import { adminVenueListApp, rowNames } from "../setup/admin-venue-list";

// Issue 22, item 8: the admin venue list's filters (missing coordinates, status, venue type,
// region), each alone and with the search, and the header's 'N of M venues'. A file of its own:
// the list counts every venue of its database (tests/setup/admin-venue-list.ts makes them).

let { t, http, admin, adminUser, barn, garden, page, close } = {} as Awaited<
  ReturnType<typeof adminVenueListApp>
>;
beforeAll(
  async () => ({ t, http, admin, adminUser, barn, garden, page, close } = await adminVenueListApp()),
  120_000,
);
afterAll(() => close?.());

describe("the filters (issue 22, item 8)", () => {
  const names = async (opts: Parameters<typeof listVenuesForAdmin>[2]) => {
    const list = await listVenuesForAdmin(t.db, adminUser, opts);
    return { names: list.venues.map((v) => v.name), total: list.total, of: list.of };
  };

  it("each filter alone: missing coordinates, status, venue type, region", async () => {
    const cases: [Parameters<typeof names>[0], string[], number][] = [
      [{}, ["Aspen Barn", "Boulder Barn", "Cedar Garden", "Dove Garden"], 4],
      [{ coords: "missing" }, ["Boulder Barn", "Cedar Garden"], 4],
      [{ status: "pending" }, ["Elk Barn", "Fox Garden"], 2],
      [{ category: barn.id }, ["Aspen Barn", "Boulder Barn"], 4],
      [{ region: "Front Range North" }, ["Boulder Barn", "Cedar Garden"], 4],
    ];
    for (const [opts, listed, of] of cases)
      expect(await names(opts), JSON.stringify(opts)).toEqual({ names: listed, total: listed.length, of });
  });

  it("with the search and with each other; pending venues are filtered within their own list", async () => {
    const cases: [Parameters<typeof names>[0], string[], number][] = [
      [{ q: "barn", coords: "missing" }, ["Boulder Barn"], 4],
      [{ q: "garden", region: "Foothills" }, ["Dove Garden"], 4],
      [{ q: "e", category: garden.id, coords: "missing", region: "Front Range North" }, ["Cedar Garden"], 4],
      [{ status: "pending", coords: "missing" }, ["Elk Barn"], 2],
      [{ status: "pending", q: "fox", region: "Central Mountains" }, ["Fox Garden"], 2],
      [{ q: "aspen", coords: "missing" }, [], 4],
    ];
    for (const [opts, listed, of] of cases)
      expect(await names(opts), JSON.stringify(opts)).toEqual({ names: listed, total: listed.length, of });
  });

  it("the page reads them from its address, says 'N of M venues' and shows what is applied", async () => {
    const all = await page("");
    expect(all).toContain("Approved venues in the directory.");
    expect(all).toContain("4 venues.");
    expect(all).not.toMatch(/\d of \d+ venues/);
    expect(all).not.toContain("Clear filters");

    const missing = await page(`?q=barn&coords=missing`);
    expect(rowNames(missing)).toEqual(["Boulder Barn"]);
    expect(missing).toContain("1 of 4 venues.");
    expect(missing).toMatch(
      /<input type="checkbox" name="coords" checked="" value="missing"\/>Missing coordinates only/,
    );
    expect(missing).toContain('href="/admin/venues?q=barn"'); // Clear filters keeps the search

    const typed = await page(`?category=${garden.id}&region=Foothills`);
    expect(rowNames(typed)).toEqual(["Dove Garden"]);
    expect(typed).toContain("1 of 4 venues.");
    expect(typed).toMatch(new RegExp(`<option value="${garden.id}" selected="">Garden</option>`));
    expect(typed).toMatch(/<option value="Foothills" selected="">Foothills<\/option>/);

    const pending = await page("?status=pending");
    expect(rowNames(pending)).toEqual(["Elk Barn", "Fox Garden"]);
    expect(pending).toContain("Venues waiting for review.");
    expect(pending).toContain("2 venues.");
    const pendingSearch = await page("?status=pending&q=elk");
    expect(pendingSearch).toContain("1 of 2 venues.");

    const none = await page("?q=aspen&coords=missing");
    expect(none).toContain("0 of 4 venues.");
    expect(none).toContain("with these filters");
    // A value that is not a choice is ignored, not an error.
    expect(
      rowNames(await page("?status=all&coords=yes&category=barn&region=Mars&size=7&page=x")),
    ).toHaveLength(4);
  });

  it("the 'Geocoding Required' warning links to the missing-coordinates filter", async () => {
    const html = await page("");
    expect(html).toContain("Geocoding Required");
    expect(html).toMatch(
      /<a [^>]*href="\/admin\/venues\?coords=missing"[^>]*>Show the venues missing coordinates<\/a>/,
    );
  });

  it("the export downloads the filtered list, not the whole directory", async () => {
    const res = await http.fetch(`/admin/venues/export.csv?coords=missing&category=${barn.id}`, {
      cookie: admin.cookie,
    });
    const lines = (await res.text()).trim().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^Boulder Barn,/);
    const link = (await page(`?coords=missing&size=25&page=1`)).match(
      /href="(\/admin\/venues\/export\.csv[^"]*)"/,
    );
    expect(link?.[1]).toBe("/admin/venues/export.csv?coords=missing");
  });
});
