import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listVenuesForAdmin } from "../../app/services/admin-venues.server";
import { createCategory, createVenue } from "../setup/factories";
import { adminVenueListApp, rowNames } from "../setup/admin-venue-list";

// Issue 22, item 8: the admin venue list's page size and page jump. A file of its own: the list
// counts every venue of its database.

let { t, adminUser, page, close } = {} as Awaited<ReturnType<typeof adminVenueListApp>>;
beforeAll(async () => ({ t, adminUser, page, close } = await adminVenueListApp()), 120_000);
afterAll(() => close?.());

describe("page size and page jump (issue 22, item 8)", () => {
  let lodge: { id: string };
  beforeAll(async () => {
    lodge = await createCategory(t.db, { name: "Lodge" });
    for (let i = 1; i <= 27; i++)
      await createVenue(t.db, { name: `Lodge ${String(i).padStart(2, "0")}`, categoryId: lodge.id });
  });

  it("shows 25, 50 or 100 rows a page, and any page by its number, the rest of the state kept", async () => {
    const second = await page(`?category=${lodge.id}&size=25&page=2`);
    expect(rowNames(second)).toEqual(["Lodge 26", "Lodge 27"]);
    expect(second).toContain("Showing 26–27 of 27");
    expect(second).toContain("27 of 31 venues.");
    // The jump and the size forms carry the rest of the state as hidden fields.
    const jump = second.match(
      /<form [^>]*method="get"[^>]*>((?:(?!<\/form>).)*Go to page(?:(?!<\/form>).)*)<\/form>/s,
    )![1]!;
    expect(jump).toContain(`<input type="hidden" name="category" value="${lodge.id}"/>`);
    expect(jump).toContain('<input type="hidden" name="size" value="25"/>');
    expect(jump).toMatch(
      /<input [^>]*type="number" min="1" max="2" required=""[^>]* name="page" value="2"\/><span>of 2<\/span>/,
    );
    const size = second.match(
      /<form [^>]*method="get"[^>]*>((?:(?!<\/form>).)*Rows per page(?:(?!<\/form>).)*)<\/form>/s,
    )![1]!;
    expect(size).toContain(`<input type="hidden" name="category" value="${lodge.id}"/>`);
    expect(size).not.toContain('name="page"');
    expect(size).toMatch(/<option value="25" selected="">25<\/option>/);

    expect(rowNames(await page(`?category=${lodge.id}`))).toHaveLength(27);
    const past = await listVenuesForAdmin(t.db, adminUser, { size: 25, page: 9 });
    expect(past).toMatchObject({ page: 2, pageCount: 2, pageSize: 25, total: 31 });
  });
});
