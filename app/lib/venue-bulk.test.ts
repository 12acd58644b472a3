import { describe, expect, it } from "vitest";
import {
  bulkQuestion,
  countOf,
  needsTrashWarning,
  parseBulkForm,
  trashWarningText,
  undoSummary,
} from "./venue-bulk";

const A = "11111111-1111-4111-8111-111111111111";
const B = "22222222-2222-4222-8222-222222222222";
const C = "33333333-3333-4333-8333-333333333333";

describe("the bulk form", () => {
  it("names the ticked venues, once each", () => {
    expect(
      parseBulkForm([
        ["intent", "delete"],
        ["ids", A],
        ["ids", B],
        ["ids", A],
      ]),
    ).toEqual({
      intent: "delete",
      selection: { ids: [A, B] },
      returnTo: "/admin/venues",
      confirmed: false,
      warned: false,
    });
  });

  it("reads the second yes to the trash warning (confirm=1) apart from the count's", () => {
    const form = parseBulkForm([
      ["intent", "delete"],
      ["ids", A],
      ["confirmed", "1"],
      ["confirm", "1"],
    ]);
    expect(form).toMatchObject({ confirmed: true, warned: true });
    expect(parseBulkForm([["confirmed", "1"]])).toMatchObject({ confirmed: true, warned: false });
  });

  it("adds the page's venues when the header's box is ticked (no script), and only then", () => {
    const page: [string, string][] = [
      ["pageIds", B],
      ["pageIds", C],
    ];
    expect(parseBulkForm([["ids", A], ["allOnPage", "1"], ...page]).selection).toEqual({ ids: [A, B, C] });
    expect(parseBulkForm([["ids", A], ...page]).selection).toEqual({ ids: [A] });
  });

  it("'all matching' reads the list's search and filters from its address, not its page", () => {
    const form = parseBulkForm([
      ["allMatching", "1"],
      ["ids", A],
      ["returnTo", `/admin/venues?q=aspen&sort=capacity&dir=desc&page=3&import=${B}`],
      ["confirmed", "1"],
    ]);
    expect(form.selection).toEqual({
      matching: expect.objectContaining({
        q: "aspen",
        sort: "capacity",
        dir: "desc",
        importId: B,
        status: "approved",
      }),
    });
    expect(form.confirmed).toBe(true);
    expect(form.returnTo).toBe(`/admin/venues?q=aspen&sort=capacity&dir=desc&page=3&import=${B}`);
  });

  it("goes back to the venue list only", () => {
    for (const away of [
      "https://evil.example/admin/venues",
      "//evil.example",
      "/admin/users",
      "/admin/venues/trash",
    ])
      expect(parseBulkForm([["returnTo", away]]).returnTo).toBe("/admin/venues");
  });
});

describe("what the admin reads", () => {
  it("asks with the count, formatted", () => {
    expect(bulkQuestion("delete", 37)).toBe("Delete 37 venues?");
    expect(bulkQuestion("approve", 1)).toBe("Approve 1 venue?");
    expect(countOf(5000, "venue")).toBe("5,000 venues");
  });

  it("says what an undo did, and what it left", () => {
    expect(undoSummary({ trashed: 4200, restored: 1, edited: [], gone: 0 })).toBe(
      "4,200 venues it added moved to the trash; 1 venue it changed got their previous values back.",
    );
    expect(
      undoSummary({ trashed: 0, restored: 0, edited: ["A", "B", "C", "D", "E", "F", "G"], gone: 2 }),
    ).toBe(
      "7 venues were edited since the import and kept as they are: A, B, C, D, E and 2 more; 2 venues were already deleted.",
    );
    expect(undoSummary({ trashed: 0, restored: 0, edited: [], gone: 0 })).toBe("Nothing was left to undo.");
  });
});

describe("the trash warning (issue 41, item 15)", () => {
  it("asks only for a managed venue with open inquiries", () => {
    expect(needsTrashWarning({ openInquiries: 3, managers: 2 })).toBe(true);
    expect(needsTrashWarning({ openInquiries: 0, managers: 2 })).toBe(false);
    expect(needsTrashWarning({ openInquiries: 3, managers: 0 })).toBe(false);
  });

  it("names the counts of one venue, then asks", () => {
    expect(trashWarningText([{ name: "Fleur Hall", openInquiries: 3, managers: 2 }])).toBe(
      "Fleur Hall has 3 open inquiries from couples and 2 venue managers. Trash it anyway?",
    );
    expect(trashWarningText([{ name: "Oak Barn", openInquiries: 1, managers: 1 }])).toBe(
      "Oak Barn has 1 open inquiry from couples and 1 venue manager. Trash it anyway?",
    );
  });

  it("names the first three of several and counts the rest", () => {
    const w = ["A", "B", "C", "D", "E"].map((name) => ({ name, openInquiries: 1, managers: 1 }));
    const text = trashWarningText(w);
    expect(text).toContain("C has 1 open inquiry");
    expect(text).not.toContain("D has");
    expect(text).toMatch(/2 more venues have open inquiries too\. Trash them anyway\?$/);
  });
});
