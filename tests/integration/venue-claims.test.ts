// Claiming a listing (issue 45, item 5; ADR 047) over real HTTP with the SMTP catcher: a claim
// proved by a link mailed to an address at the venue's domain, and one an administrator decides.
// The claimant becomes the venue's manager in one transaction with its audit entry; a venue that
// has a manager is never handed over by a mailed link. Each test has its own venue and people.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, users, venueClaims, venueManagers, venues } from "../../database/schema";
import { venuePath } from "../../app/lib/venue-url";
import { claimLinkUrl } from "../../app/services/claims.server";
import { createCategory, createVenue } from "../setup/factories";
import { form, multipart } from "../setup/guard-runner";
import { withHttpApp, type HttpTestApp } from "../setup/http-app";
import { type TestApp } from "../setup/test-app";

let t: TestApp;
let http: HttpTestApp;
let admin: { id: string; cookie: string };
withHttpApp(async (app) => {
  ({ t, http } = app);
  admin = await t.signUp({ role: "admin", name: "Ada Admin" });
});

/** The venue form's fields as the manager's Details tab sends them. */
const venueFields = (category: string) => ({
  name: "Claim Domain Barn",
  description: "A barn with a view.",
  addressLine1: "1 Main St",
  city: "Boulder",
  postalCode: "80302",
  region: "Front Range North",
  category,
  priceType: "single",
  price: "4000",
  capacity: "120",
  latitude: "40.015",
  longitude: "-105.27",
});

const CLAIM_LINK = /https?:\/\/[^/\s]+(\/claims\/[\w-]+\?t=\S+)/;

/** A plain form's post, as a browser without the script sends it. */
function post(path: string, fields: Record<string, string>, cookie?: string) {
  const { body, headers } = form(fields);
  return http.fetch(path, { method: "POST", body, headers: { ...headers, accept: "text/html" }, cookie });
}

async function page(path: string, cookie?: string) {
  const res = await http.fetch(path, { cookie });
  return { status: res.status, html: await res.text() };
}

const claimsOf = (userId: string) => t.db.select().from(venueClaims).where(eq(venueClaims.userId, userId));
const managersOf = (venueId: string) =>
  t.db.select().from(venueManagers).where(eq(venueManagers.venueId, venueId));
const roleOf = async (userId: string) =>
  (await t.db.select({ role: users.role }).from(users).where(eq(users.id, userId)))[0]?.role;
const auditOf = (venueId: string, action: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, venueId), eq(auditLog.action, action)));

/** Asks for a link at `localPart`@the venue's domain and returns the link's path from the mail. */
async function claimByMail(venue: { id: string; name: string }, cookie: string, to: string) {
  const res = await post(
    `${venuePath(venue)}/claim`,
    { intent: "domain", localPart: to.split("@")[0]! },
    cookie,
  );
  expect(res.status).toBe(200);
  expect(await res.text()).toContain(`We sent a link to ${to}`);
  const mail = await t.mail.waitFor(to, 10_000, /Confirm that you manage/);
  expect(mail.subject).toBe(`Confirm that you manage ${venue.name}`);
  return CLAIM_LINK.exec(mail.text)![1]!;
}

describe("a claim by a link mailed to the venue's domain", () => {
  it("makes the claimant the manager of an unmanaged venue, audited, and the page stops offering it", async () => {
    const type = await createCategory(t.db, { name: "Claim Barns" });
    const venue = await createVenue(t.db, {
      name: "Claim Domain Barn",
      website: "https://www.claim-barn.example/",
      categoryId: type.id,
    });
    const owner = await t.signUp({ name: "Olive Owner" });
    const other = await t.signUp();
    const before = await page(venuePath(venue), other.cookie);
    expect(before.html).toContain(`href="/venue/${venue.id}/claim"`);
    expect(before.html).toContain("Is this your venue?");

    // Signed out, the claim page goes to /login and back.
    const guest = await http.fetch(`${venuePath(venue)}/claim`);
    expect(guest.status).toBe(302);
    expect(guest.headers.get("location")).toBe(
      `/login?redirectTo=${encodeURIComponent(`${venuePath(venue)}/claim`)}`,
    );
    const claimPage = await page(`${venuePath(venue)}/claim`, owner.cookie);
    expect(claimPage.html).toContain("@claim-barn.example");

    const link = await claimByMail(venue, owner.cookie, "events@claim-barn.example");
    // A second ask, by either way, is refused while the first waits.
    const again = await post(
      `${venuePath(venue)}/claim`,
      { intent: "admin", note: "Me again" },
      owner.cookie,
    );
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("You already asked to manage this venue");
    expect(await claimsOf(owner.id)).toHaveLength(1);

    // Another account cannot use the link; opening it changes nothing; a guest is sent to sign in.
    const stranger = await post(link, {}, other.cookie);
    expect(stranger.status).toBe(403);
    expect((await http.fetch(link)).headers.get("location")).toMatch(/^\/login\?redirectTo=%2Fclaims%2F/);
    const opened = await page(link, owner.cookie);
    expect(opened.status).toBe(200);
    expect(opened.html).toContain("Confirm my claim");
    expect((await claimsOf(owner.id))[0]!.status).toBe("pending");
    expect(await managersOf(venue.id)).toHaveLength(0);

    const confirmed = await post(link, {}, owner.cookie);
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain("You now manage Claim Domain Barn.");
    expect((await managersOf(venue.id)).map((m) => m.userId)).toEqual([owner.id]);
    expect(await roleOf(owner.id)).toBe("venue_manager");
    const [claim] = await claimsOf(owner.id);
    expect(claim).toMatchObject({ status: "approved", method: "domain", decidedBy: owner.id });
    const [entry] = await auditOf(venue.id, "venue.claim");
    expect(entry).toMatchObject({ actorId: owner.id, targetType: "venue" });
    expect(entry!.details).toMatchObject({
      method: "domain",
      userId: owner.id,
      from: "user",
      to: "venue_manager",
    });

    // The venue has a manager now: no offer on its page, and the owner edits it in the manager area.
    expect((await page(venuePath(venue), other.cookie)).html).not.toContain("Is this your venue?");
    expect((await page(`/venue-manager/edit-venue/${venue.id}`, owner.cookie)).status).toBe(200);
    // Its plain form, as a browser without scripts sends it: the empty logo input is a nameless part.
    const fields = { ...venueFields(type.id), capacity: "188" };
    const edit = multipart(fields, [
      { field: "logo", bytes: Buffer.alloc(0), name: "", type: "application/octet-stream" },
    ]);
    const saved = await http.fetch(`/venue-manager/edit-venue/${venue.id}`, {
      method: "POST",
      body: edit.body,
      headers: { accept: "text/html" },
      cookie: owner.cookie,
    });
    const alerts = [...(await saved.text()).matchAll(/(?:role="alert"|text-danger)[^>]*>([^<]+)</g)].map(
      (m) => m[1],
    );
    expect({ status: saved.status, alerts }).toEqual({ status: 200, alerts: [] });
    const [edited] = await t.db
      .select({ capacity: venues.capacity })
      .from(venues)
      .where(eq(venues.id, venue.id));
    expect(edited!.capacity).toBe(188);
    // Theirs now: a new claim of it is refused.
    const mine = await post(`${venuePath(venue)}/claim`, { intent: "admin", note: "Mine" }, owner.cookie);
    expect(await mine.text()).toContain("You already manage this venue");
    // The link is spent.
    expect(await (await post(link, {}, owner.cookie)).text()).toContain("already been decided");
  });

  it("refuses a forged or expired link, and changes nothing", async () => {
    const venue = await createVenue(t.db, { name: "Claim Expiry Lodge", website: "expiry-lodge.example" });
    const owner = await t.signUp();
    const link = await claimByMail(venue, owner.cookie, "hello@expiry-lodge.example");
    const [claim] = await claimsOf(owner.id);
    const forged = link.replace(
      /t=[^&]+/,
      "t=1700000000000.AAAAAAAAAAAAAAAA.forgedforgedforgedforgedforgedforgedforged",
    );
    const eightDaysAgo = Date.now() - 8 * 86_400_000;
    const expired = claimLinkUrl(t.app, claim!, eightDaysAgo).replace(/^https?:\/\/[^/]+/, "");
    for (const bad of [forged, expired, `/claims/${claim!.id}`]) {
      expect((await http.fetch(bad, { cookie: owner.cookie })).status).toBe(400);
      const res = await post(bad, {}, owner.cookie);
      expect(res.status).toBe(400);
      expect(await res.text()).toContain("This link is not valid any more.");
    }
    expect((await claimsOf(owner.id))[0]!.status).toBe("pending");
    expect(await managersOf(venue.id)).toHaveLength(0);
    // A fresh link of the same claim still works.
    expect((await post(link, {}, owner.cookie)).status).toBe(200);
    expect(await managersOf(venue.id)).toHaveLength(1);
  });

  it("offers no mail at a public mail service's domain", async () => {
    const venue = await createVenue(t.db, { name: "Claim Gmail Ranch", website: "https://gmail.com/ranch" });
    const owner = await t.signUp();
    const claimPage = await page(`${venuePath(venue)}/claim`, owner.cookie);
    expect(claimPage.html).not.toContain("@gmail.com");
    expect(claimPage.html).toContain("Ask an administrator");
    const res = await post(
      `${venuePath(venue)}/claim`,
      { intent: "domain", localPart: "ranch" },
      owner.cookie,
    );
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("gives no address to confirm by");
    expect(await claimsOf(owner.id)).toHaveLength(0);
    expect(t.mail.messages.some((m) => m.to.includes("ranch@gmail.com"))).toBe(false);
  });

  it("sends a claim of a managed venue to the admin, even when its domain mail is confirmed", async () => {
    const venue = await createVenue(t.db, {
      name: "Claim Managed Hall",
      website: "www.managed-hall.example",
    });
    const manager = await t.signUp({ role: "venue_manager", name: "Mona Manager" });
    await t.db.insert(venueManagers).values({ userId: manager.id, venueId: venue.id });
    const claimant = await t.signUp({ name: "Second Claimant" });
    expect((await page(venuePath(venue), claimant.cookie)).html).not.toContain("Is this your venue?");
    // The claim page still works, and says who decides.
    expect((await page(`${venuePath(venue)}/claim`, claimant.cookie)).html).toContain(
      "This venue already has a manager, so an administrator decides your claim.",
    );
    const link = await claimByMail(venue, claimant.cookie, "office@managed-hall.example");
    const res = await post(link, {}, claimant.cookie);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("so an administrator decides your claim");
    // Opened again, the link says so too.
    expect((await page(link, claimant.cookie)).html).toContain("so an administrator decides your claim");
    expect((await managersOf(venue.id)).map((m) => m.userId)).toEqual([manager.id]);
    expect(await roleOf(claimant.id)).toBe("user");
    const [claim] = await claimsOf(claimant.id);
    expect(claim).toMatchObject({ status: "pending", method: "admin", email: "office@managed-hall.example" });
    expect(claim!.note).toContain("already had a manager");
    expect(await auditOf(venue.id, "venue.claim")).toHaveLength(0);

    // The queue shows it with the proof and the manager by name.
    const queue = await page("/admin/claims", admin.cookie);
    expect(queue.html).toContain("Claim Managed Hall");
    expect(queue.html).toContain("office@managed-hall.example: confirmed from the mailed link");
    expect(queue.html).toContain("Mona Manager");
  });
});

describe("a claim an administrator decides", () => {
  it("approves: the claimant manages the venue, audited with the admin, and is mailed the decision", async () => {
    const venue = await createVenue(t.db, { name: "Claim Approval Chapel", website: null });
    const owner = await t.signUp({ name: "Nora Note" });
    const claimPage = await page(`${venuePath(venue)}/claim`, owner.cookie);
    expect(claimPage.html).not.toContain("Email me a link");
    const blank = await post(`${venuePath(venue)}/claim`, { intent: "admin", note: "   " }, owner.cookie);
    expect(blank.status).toBe(400);
    const long = await post(
      `${venuePath(venue)}/claim`,
      { intent: "admin", note: "x".repeat(2001) },
      owner.cookie,
    );
    expect(long.status).toBe(400);
    const asked = await post(
      `${venuePath(venue)}/claim`,
      { intent: "admin", note: "I own the chapel; call 303-555-0100." },
      owner.cookie,
    );
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain("Your claim is with an administrator.");
    const [claim] = await claimsOf(owner.id);
    expect(claim).toMatchObject({ method: "admin", status: "pending", email: null });
    expect((await page("/account/venues", owner.cookie)).html).toContain(
      "Claim pending for Claim Approval Chapel",
    );

    // Neither the claimant nor a venue manager may decide it.
    const manager = await t.signUp({ role: "venue_manager" });
    for (const cookie of [owner.cookie, manager.cookie])
      expect(
        (await post("/admin/claims", { intent: "approve", claimId: claim!.id, reason: "" }, cookie)).status,
      ).toBe(403);
    expect((await claimsOf(owner.id))[0]!.status).toBe("pending");

    const queue = await page("/admin/claims", admin.cookie);
    expect(queue.html).toContain("I own the chapel; call 303-555-0100.");
    const approved = await post(
      "/admin/claims",
      { intent: "approve", claimId: claim!.id, reason: "" },
      admin.cookie,
    );
    expect(approved.status).toBe(302);
    expect((await managersOf(venue.id)).map((m) => m.userId)).toEqual([owner.id]);
    expect(await roleOf(owner.id)).toBe("venue_manager");
    expect((await claimsOf(owner.id))[0]).toMatchObject({ status: "approved", decidedBy: admin.id });
    const [entry] = await auditOf(venue.id, "venue.claim");
    expect(entry).toMatchObject({ actorId: admin.id });
    expect(entry!.details).toMatchObject({ method: "admin", userId: owner.id });
    const mail = await t.mail.waitFor(owner.email, 10_000, /You now manage Claim Approval Chapel/);
    expect(mail.raw).toMatch(/List-Unsubscribe:/i);
    expect(mail.text).toContain("/account/emails");
    // Decided once: a second decision is refused and changes nothing.
    await post("/admin/claims", { intent: "reject", claimId: claim!.id, reason: "" }, admin.cookie);
    expect((await claimsOf(owner.id))[0]!.status).toBe("approved");
  });

  it("rejects with a reason: no manager, audited, and the claimant is told why", async () => {
    const venue = await createVenue(t.db, { name: "Claim Rejected Winery", website: "winery-claim.example" });
    const claimant = await t.signUp({ name: "Rex Reject" });
    await post(`${venuePath(venue)}/claim`, { intent: "admin", note: "Trust me." }, claimant.cookie);
    const [claim] = await claimsOf(claimant.id);
    const res = await post(
      "/admin/claims",
      { intent: "reject", claimId: claim!.id, reason: "We could not reach the venue to check." },
      admin.cookie,
    );
    expect(res.status).toBe(302);
    expect((await claimsOf(claimant.id))[0]).toMatchObject({ status: "rejected", decidedBy: admin.id });
    expect(await managersOf(venue.id)).toHaveLength(0);
    expect(await roleOf(claimant.id)).toBe("user");
    const [entry] = await auditOf(venue.id, "venue.claim.reject");
    expect(entry!.details).toMatchObject({ reason: "We could not reach the venue to check." });
    const mail = await t.mail.waitFor(claimant.email, 10_000, /Your claim was not approved/);
    expect(mail.text).toContain("We could not reach the venue to check.");
    expect((await page("/account/venues", claimant.cookie)).html).not.toContain("Claim pending for");
    // Rejected, they may ask again.
    const again = await post(
      `${venuePath(venue)}/claim`,
      { intent: "admin", note: "Here is proof." },
      claimant.cookie,
    );
    expect(again.status).toBe(200);
  });
});
