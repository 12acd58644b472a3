import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inquiries, venueManagers } from "../../database/schema";
import { activityActor, activityLine, type ActivityEntry } from "../../app/lib/activity";
import { toAppUser, type AppUser } from "../../app/lib/user";
import { activityPage } from "../../app/services/audit.server";
import { importRanges, markRange, setClosures } from "../../app/services/availability.server";
import { setInquiryStatus } from "../../app/services/inquiries.server";
import { runBulkAction } from "../../app/services/venue-bulk.server";
import { createVenue } from "../setup/factories";
import { createTestApp, type TestApp } from "../setup/test-app";

// The activity log names venues and people, tells venue managers from admins, and records the
// calendar's changes (issue 41, item 14). Each test makes its own venue and reads only its entries.

let t: TestApp;
let admin: AppUser;
let manager: AppUser;

beforeAll(async () => {
  t = await createTestApp();
  const a = await t.signUp({ role: "admin", name: "Ada Admin" });
  admin = toAppUser({ id: a.id, name: "Ada Admin", email: a.email, role: "admin" });
  const m = await t.signUp({ role: "venue_manager", name: "Mia Manager" });
  manager = toAppUser({ id: m.id, name: "Mia Manager", email: m.email, role: "venue_manager" });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function managedVenue(name: string) {
  const venue = await createVenue(t.db, { name });
  await t.db.insert(venueManagers).values({ userId: manager.id, venueId: venue.id });
  return venue;
}

/** The lines of the newest entries about `venueName`, as the page shows them. */
async function linesAbout(venueName: string, by?: "admins" | "managers") {
  const { entries } = await activityPage(t.db, admin, { pageSize: 200, by });
  return entries
    .filter((e: ActivityEntry) => e.venueName === venueName || JSON.stringify(e.details).includes(venueName))
    .map((e) => {
      const { headline, rest } = activityLine(e);
      return `${headline} | ${rest} | ${activityActor(e)}`;
    });
}

describe("the activity log", () => {
  it("records a manager's calendar changes by venue name, under the managers", async () => {
    const venue = await managedVenue("Log Calendar Barn");
    expect(
      await markRange(t.db, manager, venue.id, { from: "2027-06-12", to: "2027-06-13", status: "booked" }),
    ).toEqual({ ok: true });
    await setClosures(t.db, manager, venue.id, [2, 1]);
    await importRanges(t.db, manager, venue.id, [{ from: "2027-07-01", to: "2027-07-03" }]);
    const lines = await linesAbout("Log Calendar Barn", "managers");
    expect(lines).toEqual([
      "Imported a calendar | Log Calendar Barn: 3 days booked | Mia Manager (venue manager)",
      "Changed closed months | Log Calendar Barn: January, February | Mia Manager (venue manager)",
      "Changed availability | Log Calendar Barn: 2027-06-12 to 2027-06-13 booked | Mia Manager (venue manager)",
    ]);
    expect(await linesAbout("Log Calendar Barn", "admins")).toEqual([]);
  });

  it("names the venue of an inquiry's status change, not its id", async () => {
    const venue = await managedVenue("Log Inquiry Lodge");
    const [inquiry] = await t.db
      .insert(inquiries)
      .values({ venueId: venue.id, name: "Sam", email: "sam@couple.example", message: "Hello" })
      .returning({ id: inquiries.id });
    expect((await setInquiryStatus(t.db, manager, inquiry!.id, "booked")).ok).toBe(true);
    const lines = await linesAbout("Log Inquiry Lodge");
    expect(lines).toEqual([
      "Changed inquiry status | Log Inquiry Lodge: new → booked | Mia Manager (venue manager)",
    ]);
    expect(lines.join()).not.toContain(inquiry!.id);
  });

  it("names the venues an admin moved to the trash together", async () => {
    const first = await createVenue(t.db, { name: "Log Trash Alpha" });
    const second = await createVenue(t.db, { name: "Log Trash Beta" });
    const done = await runBulkAction(t.app, admin, "delete", { ids: [first.id, second.id] });
    expect(done.ok).toBe(true);
    const [line] = await linesAbout("Log Trash Alpha", "admins");
    expect(line).toMatch(
      /^Moved 2 venues to the trash \| Log Trash (Alpha|Beta), Log Trash (Alpha|Beta) \| Ada Admin$/,
    );
  });
});
