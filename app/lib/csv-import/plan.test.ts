import { describe, expect, it } from "vitest";
import { checkRecord } from "./check";
import { applyRow, diffVenue, planImport, planSignature, type ExistingVenue } from "./plan";
import { LIST_SEPARATOR } from "./read";
import { catalog, checked, HEADER, ok, record, required, row, stored } from "./test-fixtures";

describe("an update (issue 22)", () => {
  it("keeps what a blank cell leaves out: website, phone, email, prices, capacity, amenities, images, logo", () => {
    const current = stored();
    const { venue, problems, warnings } = applyRow(current, checked(required, current));
    expect(venue).toEqual(current);
    expect(problems).toEqual([]);
    expect(warnings).toEqual([]);
    expect(diffVenue(current, venue)).toEqual([]);
  });

  it("clears an optional field with a cell holding only '-'", () => {
    const current = stored();
    const cleared = Object.fromEntries(
      (["website", "phone", "email", "lowPrice", "highPrice", "capacity", "amenities"] as const).map((c) => [
        c,
        "-",
      ]),
    );
    const { venue } = applyRow(current, checked({ ...required, ...cleared }, current));
    expect(venue).toMatchObject({
      website: null,
      phone: null,
      email: null,
      pricePerEvent: null,
      priceRange: null,
      priceLow: null,
      priceHigh: null,
      capacity: null,
      amenities: [],
    });
    expect(diffVenue(current, venue).map((c) => c.field)).toEqual([
      "website",
      "phone",
      "email",
      "lowPrice",
      "highPrice",
      "capacity",
      "amenities",
    ]);
  });

  it("refuses '-' where a field cannot be cleared: required fields, images and the logo", () => {
    const r = checkRecord(record({ ...required, description: "-", imageUrls: "-", logoUrl: "-" }), catalog);
    expect(!r.ok && r.problems).toEqual([
      "Required fields cannot be cleared: description",
      "imageUrls cannot be cleared by an import: remove images on the venue's edit page",
      "logoUrl cannot be cleared by an import: remove images on the venue's edit page",
    ]);
  });

  it("sets each price cell on its own, keeps a price text whose numbers stay, and checks the result", () => {
    const current = stored();
    expect(
      applyRow(current, checked({ ...required, lowPrice: "2000", highPrice: "5000" }, current)).venue,
    ).toEqual(current);
    const raised = applyRow(current, checked({ ...required, highPrice: "6000" }, current));
    expect(raised.venue).toMatchObject({ priceRange: "$2,000 - $6,000", priceLow: 2000, priceHigh: 6000 });
    expect(diffVenue(current, raised.venue)).toEqual([{ field: "highPrice", from: "5000", to: "6000" }]);
    expect(applyRow(current, checked({ ...required, lowPrice: "7000" }, current)).problems).toEqual([
      "lowPrice is higher than highPrice",
    ]);
    const single = stored({ pricePerEvent: 4000, priceRange: null, priceLow: null, priceHigh: null });
    expect(applyRow(single, checked({ ...required, highPrice: "5000" }, single)).venue).toMatchObject({
      priceRange: "$4,000 - $5,000",
      pricePerEvent: null,
    });
    expect(
      applyRow(single, checked({ ...required, lowPrice: "-", highPrice: "5000" }, single)).venue,
    ).toMatchObject({ pricePerEvent: 5000, priceRange: null });
  });

  it("keeps an amenity's 'extra cost' mark, adds images after the venue's own and never replaces its logo", () => {
    const current = stored();
    const row = checked(
      {
        ...required,
        amenities: "parking;Dance Floor",
        imageUrls: ["/uploads/venues/v1/a-1600.webp", "https://img.example.com/b.jpg"].join(LIST_SEPARATOR),
        logoUrl: "https://img.example.com/other-logo.png",
      },
      current,
    );
    const { venue, warnings } = applyRow(current, row);
    expect(venue.amenities).toEqual([
      { name: "Parking", included: false },
      { name: "Dance Floor", included: true },
    ]);
    expect(venue.images).toEqual(["/uploads/venues/v1/a-1600.webp", "https://img.example.com/b.jpg"]);
    expect(venue.logoUrl).toBe(current.logoUrl);
    expect(warnings).toEqual(["logoUrl: the venue's own logo is kept (an import never replaces a logo)"]);
    expect(diffVenue(current, venue)).toEqual([
      { field: "amenities", from: "WiFi;Parking", to: "Parking;Dance Floor" },
      {
        field: "imageUrls",
        from: "/uploads/venues/v1/a-1600.webp",
        to: "/uploads/venues/v1/a-1600.webp;https://img.example.com/b.jpg",
      },
    ]);
  });

  it("takes the venue's own image addresses as they are, and only those", () => {
    const own = { ...required, imageUrls: "/uploads/venues/v1/a-1600.webp" };
    expect(checkRecord(record(own), catalog, stored()).ok).toBe(true);
    expect(checkRecord(record(own), catalog).ok).toBe(false);
  });

  it("reads the address parts again only when the location's text changes", () => {
    const current = stored();
    const same = applyRow(current, checked(required, current)).venue;
    expect(same.addressLine2).toBe("Barn B");
    const respaced = applyRow(
      current,
      checked({ ...required, location: "1 Main St,  Boulder, Colorado 80302" }, current),
    ).venue;
    expect(respaced).toMatchObject({
      location: "1 Main St, Boulder, Colorado 80302",
      addressLine2: "Barn B",
    });
    const moved = applyRow(
      current,
      checked({ ...required, location: "1 Main St, Lyons, CO 80540" }, current),
    );
    expect(moved.venue).toMatchObject({ city: "Lyons", postalCode: "80540", addressLine2: null });
  });
});

describe("planImport", () => {
  const text = [
    HEADER,
    row({ name: "New Barn" }),
    row({ name: "old barn ", location: "1 main st,  Boulder, Colorado 80302" }),
    row({ name: "New Barn" }),
    row({ name: "Bad", category: "Castle" }),
  ].join("\n");

  it("adds new venues, updates the same name and location, skips in-file duplicates and problems", async () => {
    const existing: ExistingVenue[] = [
      { id: "v1", isApproved: true, placed: true, venue: stored({ name: "Old Barn" }) },
    ];
    const plan = await planImport(await ok(text), catalog, existing);
    expect(plan.rows.map((r) => [r.row, r.action])).toEqual([
      [2, "add"],
      [3, "update"],
      [4, "skip"],
      [5, "skip"],
    ]);
    expect(plan.rows[2]).toMatchObject({ problems: ["Same name and location as row 2"] });
    // The update lists what it changes, old -> new: the name's case and the location's spaces.
    expect(plan.rows[1]).toMatchObject({
      changes: [
        { field: "name", from: "Old Barn", to: "old barn" },
        {
          field: "location",
          from: "1 Main St, Boulder, Colorado 80302",
          to: "1 main st, Boulder, Colorado 80302",
        },
      ],
    });
    // What changes is part of the plan: the import refuses when the venue changed since the preview.
    expect(planSignature(plan).split("\n")).toEqual([
      "2:add",
      `3:update:v1:${JSON.stringify((plan.rows[1] as { changes: unknown }).changes)}`,
      "4:skip",
      "5:skip",
    ]);
    const edited = [
      { ...existing[0]!, venue: stored({ name: "Old Barn", description: "Edited meanwhile" }) },
    ];
    expect(planSignature(await planImport(await ok(text), catalog, edited))).not.toBe(planSignature(plan));
  });
});

describe("planImport, between batches", () => {
  it("pauses every 500 rows so that other requests are served", async () => {
    const parsed = await ok(
      [HEADER, ...Array.from({ length: 1_200 }, (_, i) => row({ name: `B${i}` }))].join("\n"),
    );
    let pauses = 0;
    const plan = await planImport(parsed, catalog, [], async () => void pauses++);
    expect(plan.rows).toHaveLength(1_200);
    expect(pauses).toBe(2);
  });
});
