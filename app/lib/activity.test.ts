import { describe, expect, it } from "vitest";
import { activityActor, activityLine, type ActivityEntry } from "./activity";

const entry = (over: Partial<ActivityEntry>): ActivityEntry => ({
  id: 1,
  action: "venue.create",
  label: "Added venue",
  targetType: "venue",
  targetId: null,
  details: null,
  actorId: "u1",
  actorName: "Erin Admin",
  actorEmail: "erin@example.com",
  actorRole: "admin",
  venueName: null,
  targetName: null,
  targetEmail: null,
  createdAt: "2026-11-26T18:00:00.000Z",
  system: false,
  import: null,
  ...over,
});

describe("Recent Activity's lines", () => {
  it("an import: how many venues, from which file, added and updated", () => {
    const imported = entry({
      action: "venue.import",
      details: { fileName: "spring.csv", added: 4200, updated: 800 },
      import: { id: "i", fileName: "spring.csv", undoneAt: null, undoneBy: null, undoable: true },
    });
    expect(activityLine(imported)).toEqual({
      headline: "Imported 5,000 venues",
      rest: "from spring.csv (4,200 added, 800 updated)",
    });
    expect(
      activityLine(entry({ action: "venue.import", details: { fileName: "a.csv", added: 1, updated: 0 } })),
    ).toEqual({ headline: "Imported 1 venue", rest: "from a.csv" });
  });

  it("bulk actions, the trash and the purge by their counts; other actions as before", () => {
    expect(activityLine(entry({ action: "venue.bulk_delete", details: { count: 37, name: "A" } }))).toEqual({
      headline: "Moved 37 venues to the trash",
      rest: "",
    });
    expect(activityLine(entry({ action: "venue.restore", details: { count: 1, name: "Barn" } }))).toEqual({
      headline: "Restored 1 venue from the trash",
      rest: "Barn",
    });
    const purged = entry({
      action: "venue.purge",
      actorId: null,
      system: true,
      details: { count: 2, expired: true },
    });
    expect(activityLine(purged)).toEqual({
      headline: "Deleted 2 venues forever",
      rest: "after 30 days in the trash",
    });
    expect(activityActor(purged)).toBe("Automatic");
    expect(activityLine(entry({ details: { name: "Aspen Hall" } }))).toEqual({
      headline: "Added venue",
      rest: "Aspen Hall",
    });
    expect(activityActor(entry({ actorName: null }))).toBe("Deleted account");
  });

  it("names the venues, separates managers and reads calendar and inquiry entries (issue 41)", () => {
    expect(
      activityLine(
        entry({ action: "venue.bulk_delete", details: { count: 7, names: ["Aspen Hall", "Elk Barn"] } }),
      ),
    ).toEqual({ headline: "Moved 7 venues to the trash", rest: "Aspen Hall, Elk Barn and 5 more" });
    expect(
      activityLine(entry({ action: "venue.bulk_approve", details: { count: 2, names: ["A", "B"] } })).rest,
    ).toBe("A, B");
    const manager = entry({ actorName: "Mia", actorRole: "venue_manager", venueName: "Elk Barn" });
    expect(activityActor(manager)).toBe("Mia (venue manager)");
    expect(
      activityLine({
        ...manager,
        action: "availability.mark",
        details: { from: "2027-06-12", to: "2027-06-13", status: "booked" },
      }).rest,
    ).toBe("Elk Barn: 2027-06-12 to 2027-06-13 booked");
    expect(
      activityLine({ ...manager, action: "availability.closures", details: { months: [1, 2] } }).rest,
    ).toBe("Elk Barn: January, February");
    expect(
      activityLine({
        ...manager,
        action: "inquiry.status",
        targetType: "inquiry",
        targetId: "1d9b8018",
        details: { from: "new", to: "booked" },
      }).rest,
    ).toBe("Elk Barn: new → booked");
    expect(
      activityLine({ ...manager, action: "inquiry.reply", targetType: "inquiry", targetId: "1d9b8018" }).rest,
    ).toBe("Elk Barn");
  });
});
