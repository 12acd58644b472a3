import { beforeEach } from "vitest";
import { reviews, venueAmenities, venueManagers } from "../../database/schema";
import { toAppUser, type AppUser } from "../../app/lib/user";
import { createCategory } from "./factories";
import { withHttpApp, type HttpTestApp } from "./http-app";
import { type TestApp } from "./test-app";

// What the venue-manager area's tests share (manager-area, manager-area-edit): each file its own
// app and database.

type ManagerArea = {
  t: TestApp;
  http: HttpTestApp;
  manager: Awaited<ReturnType<TestApp["signUp"]>>;
  managerUser: AppUser;
  barn: { id: string };
};

/**
 * The file's app over HTTP with a venue type ("Barn") and two amenities, and a manager of their
 * own for each test, handed to `ready` before each test; and the helpers that post as them.
 */
export function withManagerArea(ready: (app: ManagerArea) => void) {
  let t: TestApp;
  let http: HttpTestApp;
  let manager: ManagerArea["manager"];
  let barn: { id: string };

  withHttpApp(
    async (app) => {
      ({ t, http } = app);
      barn = await createCategory(t.db, { name: "Barn" });
      await t.db.insert(venueAmenities).values([{ name: "WiFi" }, { name: "Parking" }]);
    },
    { timeout: 120_000 },
  );
  // A manager of their own for each test: what one test assigns, another never sees.
  beforeEach(async () => {
    manager = await t.signUp({ role: "venue_manager", name: "Morgan Manager" });
    const managerUser = toAppUser({
      id: manager.id,
      name: "Morgan Manager",
      email: manager.email,
      role: "venue_manager",
    });
    ready({ t, http, manager, managerUser, barn });
  });

  function post(path: string, fields: Record<string, string>, cookie = manager.cookie) {
    return http.fetch(path, {
      method: "POST",
      cookie,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });
  }

  const assign = (venueId: string, userId = manager.id) =>
    t.db.insert(venueManagers).values({ userId, venueId });

  async function review(venueId: string, rating: number, comment: string) {
    const author = await t.signUp();
    const [row] = await t.db
      .insert(reviews)
      .values({ venueId, userId: author.id, rating, comment })
      .returning();
    return row!;
  }

  return { post, assign, review };
}
