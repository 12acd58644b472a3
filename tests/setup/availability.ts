import { beforeAll } from "vitest";
import { venueManagers } from "../../database/schema";
import { utcDay } from "../../app/lib/availability";
import { DEFAULT_FILTERS, type SearchFilters } from "../../app/lib/search";
import { toAppUser, type AppUser } from "../../app/lib/user";
import { searchVenues } from "../../app/services/search.server";
import { awayFromMidnight } from "./clock";
import { createVenue } from "./factories";
import { withHttpApp, type HttpTestApp } from "./http-app";
import { type TestApp } from "./test-app";

// What the availability tests share (availability, availability-calendars): each file its own app
// and database, with the same users and venues.

// Dates next year, so the tests mean the same whenever they run.
export const Y = Number(utcDay().slice(0, 4)) + 1;
export const d = (md: string) => `${Y}-${md}`;

type Person = AppUser & { cookie: string };
type Venue = { id: string; name: string };
type AvailabilityApp = {
  t: TestApp;
  web: HttpTestApp;
  admin: AppUser;
  manager: Person;
  otherManager: Person;
  couple: Person;
  ours: Venue;
  second: Venue;
  closedInJanuary: Venue;
  fullJuly: Venue;
};

/**
 * The file's app over HTTP, away from midnight, with an admin, two managers (of `ours` and
 * `second`, and of another hall), a couple and the date filter's venues, handed to `ready`.
 */
export function withAvailabilityApp(ready: (app: AvailabilityApp) => void) {
  let t: TestApp;

  const as = async (role: "admin" | "venue_manager" | "user", name: string) => {
    const s = await t.signUp({ role, name });
    return { ...toAppUser({ id: s.id, name, email: s.email, role }), cookie: s.cookie };
  };

  /**
   * The names of the date filter's venues a search keeps (their names, and only theirs, start with
   * 'Avail'; the other tests' venues have names of their own, so the order of the tests is free).
   */
  async function found(f: Partial<SearchFilters>): Promise<string[]> {
    const r = await searchVenues(t.db, { ...DEFAULT_FILTERS, venueName: "Avail", ...f });
    return r.venues.map((v) => v.name).sort();
  }

  // The server counts and checks by the real day (ADR 029, ADR 030).
  beforeAll(() => awayFromMidnight(), 300_000);
  withHttpApp(
    async (app) => {
      t = app.t;
      const admin = await as("admin", "Ada Admin");
      const manager = await as("venue_manager", "Morgan Manager");
      const otherManager = await as("venue_manager", "Blake Manager");
      const couple = await as("user", "Casey Couple");
      const ours = await createVenue(t.db, { name: "Avail Ours Barn" });
      const second = await createVenue(t.db, { name: "Avail Second Lodge" });
      const closedInJanuary = await createVenue(t.db, { name: "Avail Winter Closed" });
      const fullJuly = await createVenue(t.db, { name: "Avail Full July" });
      // A venue without any availability data: free every day (ADR 030).
      await createVenue(t.db, { name: "Avail No Data" });
      const theirs = await createVenue(t.db, { name: "Other Manager Hall" });
      await t.db.insert(venueManagers).values([
        { userId: manager.id, venueId: ours.id },
        { userId: manager.id, venueId: second.id },
        { userId: otherManager.id, venueId: theirs.id },
      ]);
      ready({
        t,
        web: app.http,
        admin,
        manager,
        otherManager,
        couple,
        ours,
        second,
        closedInJanuary,
        fullJuly,
      });
    },
    { timeout: 120_000 },
  );

  return { found };
}
