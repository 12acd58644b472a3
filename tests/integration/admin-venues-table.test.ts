import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listVenuesForAdmin } from "../../app/services/admin-venues.server";
import { adminVenuesApp, createVenue } from "../setup/factories";

// The admin's venues table (issue 12, item 3): approved only, search, sort with empty capacities
// last. A file of its own: the table lists every venue of its database.

let { t, http, admin, adminUser, barn, garden, close } = {} as Awaited<ReturnType<typeof adminVenuesApp>>;
beforeAll(async () => ({ t, http, admin, adminUser, barn, garden, close } = await adminVenuesApp()), 120_000);
afterAll(() => close?.());

describe("the table", () => {
  beforeAll(async () => {
    await createVenue(t.db, {
      name: "alpine Meadow",
      capacity: 80,
      categoryId: garden.id,
      location: "9 Pine Rd, Evergreen, Colorado 80439",
    });
    await createVenue(t.db, {
      name: "Zephyr Hall",
      capacity: null,
      categoryId: barn.id,
      latitude: 0,
      longitude: 0,
    });
    await createVenue(t.db, {
      name: "Birch Barn",
      capacity: 300,
      categoryId: barn.id,
      latitude: null,
      longitude: null,
    });
    await createVenue(t.db, { name: "Pending Place", isApproved: false, categoryId: barn.id });
  });

  it("lists approved venues only, by name ascending, with coordinates as stored (0 when missing)", async () => {
    const { venues: rows, total } = await listVenuesForAdmin(t.db, adminUser);
    expect(rows.map((r) => r.name)).toEqual(["alpine Meadow", "Birch Barn", "Zephyr Hall"]);
    expect(total).toBe(3);
    expect(rows.find((r) => r.name === "Birch Barn")).toMatchObject({
      latitude: 0,
      longitude: 0,
      category: "Barn",
    });
  });

  it("sorts by capacity with empty capacities last, in both directions", async () => {
    const asc = await listVenuesForAdmin(t.db, adminUser, { sort: "capacity" });
    expect(asc.venues.map((r) => r.capacity)).toEqual([80, 300, null]);
    const desc = await listVenuesForAdmin(t.db, adminUser, { sort: "capacity", dir: "desc" });
    expect(desc.venues.map((r) => r.capacity)).toEqual([300, 80, null]);
    const byType = await listVenuesForAdmin(t.db, adminUser, { sort: "category", dir: "desc" });
    expect(byType.venues[0]!.category).toBe("Garden");
  });

  it("searches name, location and category, case-insensitively, with LIKE wildcards taken literally", async () => {
    const names = async (q: string) =>
      (await listVenuesForAdmin(t.db, adminUser, { q })).venues.map((r) => r.name);
    expect(await names("ZEPHYR")).toEqual(["Zephyr Hall"]);
    expect(await names("evergreen")).toEqual(["alpine Meadow"]);
    expect(await names("garden")).toEqual(["alpine Meadow"]);
    expect(await names("barn")).toEqual(["Birch Barn", "Zephyr Hall"]);
    expect(await names("%")).toEqual([]);
  });

  it("the page shows the rows, 6-decimal coordinates and 'Missing Coordinates'", async () => {
    const res = await http.fetch("/admin/venues?q=a", { cookie: admin.cookie });
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain("Missing Coordinates");
    expect(html).toContain("40.015000, -105.270000");
    expect(html).toMatch(/href="\/admin\/venue-faqs\/[0-9a-f-]{36}"/);
    expect(html).toContain("Download template");
  });
});
