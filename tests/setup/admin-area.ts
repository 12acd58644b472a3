import { desc, eq } from "drizzle-orm";
import { auditLog, users, venueManagers, venues } from "../../database/schema";
import { toAppUser, type AppUser, type Role } from "../../app/lib/user";
import * as pendingRoute from "../../app/routes/admin/pending";
import * as usersRoute from "../../app/routes/admin/users";
import { createCategory, multipartBody, pngOf, postSubmission } from "./factories";
import type { HttpTestApp } from "./http-app";
import { run, SITE_URL, type TestApp } from "./test-app";

// What the admin area's tests share (admin-area, admin-area-catalog, admin-approvals).

export const asUser = (a: { id: string; email: string }, role: Role): AppUser =>
  toAppUser({ id: a.id, name: "Test User", email: a.email, role });

export const roleOf = async (t: TestApp, id: string) =>
  (await t.db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0]?.role;

/** The ids of the venues a user manages, sorted. */
export const linksOf = async (t: TestApp, userId: string) =>
  (
    await t.db
      .select({ venueId: venueManagers.venueId })
      .from(venueManagers)
      .where(eq(venueManagers.userId, userId))
  )
    .map((l) => l.venueId)
    .sort();

export const auditFor = (t: TestApp, targetId: string) =>
  t.db.select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(desc(auditLog.id));

/** The Pending Venues screen's form post (approve, reject) as `cookie` sends it, through its action. */
export const pendingAction = (t: TestApp, cookie: string, form: Record<string, string>) =>
  run(async () => pendingRoute.action(await t.args(t.request("/admin/pending", { form, cookie }))));

/** The Users screen's form post (promote, assign, remove-roles, ...) as `cookie` sends it, through its action. */
export const usersAction = (t: TestApp, cookie: string, form: Record<string, string>) =>
  run(async () => usersRoute.action(await t.args(t.request("/admin/users", { form, cookie }))));

/** A venue submitted through the real HTTP endpoint, with one image stored under venues/{id}/. */
export async function submitVenue(
  t: TestApp,
  http: HttpTestApp,
  cookie: string,
  name: string,
  categoryId: string,
) {
  const fields = {
    name,
    description: "Submitted for review.",
    addressLine1: "9 Quiet Ln",
    city: "Boulder",
    postalCode: "80302",
    region: "Front Range North",
    category: categoryId,
    priceType: "single",
    price: "4200",
    capacity: "150",
  };
  const image = { field: "images", bytes: await pngOf("#7a9"), name: "hall.png" };
  const venue = await postSubmission(http, cookie, fields, [image]);
  const [row] = await t.db.select().from(venues).where(eq(venues.id, venue.id));
  return row!;
}

/** A multipart POST as the Venue Types screen sends it. */
export function typeRequest(cookie: string, fields: Record<string, string>, image?: Buffer) {
  const body = multipartBody(fields, image ? [{ field: "image", bytes: image, name: "type.png" }] : []);
  return new Request(`${SITE_URL}/admin/venue-categories`, {
    method: "POST",
    body,
    headers: { cookie, origin: SITE_URL },
  });
}

/** The admin area's files: an admin ("Ada Admin", or `name`) and a venue type, the routes warmed. */
export async function adminAreaApp(
  { t, http }: { t: TestApp; http: HttpTestApp },
  type = "Lodge",
  name = "Ada Admin",
) {
  const admin = await t.signUp({ role: "admin", name });
  const typeId = (await createCategory(t.db, { name: type })).id;
  // The first request compiles the routes (Vite): here, not inside a test's time limit.
  await (await http.fetch("/admin/pending", { cookie: admin.cookie })).body?.cancel();
  return { admin, adminUser: asUser(admin, "admin"), typeId };
}
