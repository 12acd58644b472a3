// Deleting one's own account (issue 46, item 2; ADR 050), over real HTTP, storage and the SMTP
// catcher: each variant (reviews deleted or kept as a former guest, contact erased now or kept)
// on a couple with every kind of row, then no row naming them, the other couple untouched, the
// venue's records kept, the files gone; the last manager's warning, the last admin's refusal, a
// wrong password, the mailed link of an account without one. Each test makes its own people.
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  accounts,
  auditLog,
  dataExports,
  emailOptOuts,
  favorites,
  inquiries,
  inquiryReplies,
  reviewReports,
  reviews,
  savedSearches,
  tours,
  users,
  venueClaims,
  venueManagers,
  venues,
  venueSavers,
  verifications,
} from "../../database/schema";
import { queryRows } from "../../app/infra/db.server";
import { deletionMessages } from "../../app/lib/account-deletion";
import { CONTACT_ERASED, inquiryRefusals } from "../../app/lib/inquiries";
import { FORMER_GUEST, type ReviewChoice } from "../../app/lib/privacy";
import { venuePath } from "../../app/lib/venue-url";
import { signIn } from "../../app/services/accounts.server";
import { checkStorage } from "../../app/services/pending-files.server";
import { createVenue } from "../setup/factories";
import type { HttpTestApp } from "../setup/http-app";
import { withOwnersApp } from "../setup/owners-informed";
import type { TestApp } from "../setup/test-app";

let t: TestApp;
let http: HttpTestApp;
let admin: Awaited<ReturnType<TestApp["signUp"]>>;
const { submit, storedFiles } = withOwnersApp((app) => ({ t, http, admin } = app));

type Person = Awaited<ReturnType<TestApp["signUp"]>>;

function post(path: string, fields: Record<string, string>, cookie?: string) {
  return http.fetch(path, {
    method: "POST",
    cookie,
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
    body: new URLSearchParams(fields),
  });
}
const page = async (path: string, cookie: string) => {
  const res = await http.fetch(path, { cookie });
  return { status: res.status, html: await res.text() };
};

const soon = () => new Date(Date.now() + 7 * 86_400_000);

/** Every column that references users (from the catalog, so a table added later is counted too). */
async function rowsNaming(userId: string): Promise<Record<string, number>> {
  const columns = await queryRows<{ table_name: string; column_name: string }>(
    t.db,
    sql`select kcu.table_name, kcu.column_name
        from information_schema.referential_constraints rc
        join information_schema.key_column_usage kcu on kcu.constraint_name = rc.constraint_name
        join information_schema.constraint_column_usage ccu on ccu.constraint_name = rc.unique_constraint_name
        where ccu.table_name = 'users'`,
  );
  expect(columns.length).toBeGreaterThan(15);
  const found: Record<string, number> = {};
  for (const c of columns) {
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from ${sql.identifier(c.table_name)} where ${sql.identifier(c.column_name)} = ${userId}`,
    );
    if (Number(row!.n) > 0) found[`${c.table_name}.${c.column_name}`] = Number(row!.n);
  }
  const [u] = await queryRows<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from users where id = ${userId}`,
  );
  if (Number(u!.n) > 0) found.users = Number(u!.n);
  return found;
}

/** A venue with its own manager, and another couple's inquiry, review and favourite there. */
async function venueWithOthers(label: string) {
  const manager = await t.signUp({ role: "venue_manager", name: `Mia ${label}` });
  const venue = await createVenue(t.db, { name: `${label} Lodge` });
  await t.db.insert(venueManagers).values({ userId: manager.id, venueId: venue.id });
  const other = await t.signUp({ name: `Olive ${label}` });
  const [otherInquiry] = await t.db
    .insert(inquiries)
    .values({ venueId: venue.id, userId: other.id, name: "Olive", email: other.email, message: "Hi" })
    .returning();
  await t.db.insert(reviews).values({ venueId: venue.id, userId: other.id, rating: 3, comment: "Fine." });
  await t.db.insert(favorites).values({ userId: other.id, venueId: venue.id });
  return { manager, venue, other, otherInquiry: otherInquiry! };
}

/** A couple with a row of every kind: at `venue`, and a pending and an approved submission. */
async function coupleWithEverything(label: string, venueId: string) {
  const couple = await t.signUp({ name: `Casey ${label}` });
  const [otherReview] = await t.db.select().from(reviews).where(eq(reviews.venueId, venueId));
  await t.db.insert(favorites).values({ userId: couple.id, venueId });
  await t.db.insert(venueSavers).values({ userId: couple.id, venueId });
  const [review] = await t.db
    .insert(reviews)
    .values({ venueId, userId: couple.id, rating: 5, comment: `${label}: the best day.` })
    .returning();
  await t.db.insert(reviewReports).values({ reviewId: otherReview!.id, userId: couple.id, reason: "fake" });
  const [inquiry] = await t.db
    .insert(inquiries)
    .values({
      venueId,
      userId: couple.id,
      name: `Casey ${label}`,
      email: couple.email,
      phone: "303-555-0199",
      message: "Is June free?",
      guestCount: 80,
    })
    .returning();
  await t.db
    .insert(inquiryReplies)
    .values({ inquiryId: inquiry!.id, userId: couple.id, body: "Also July?", author: "couple" });
  const [visit] = await t.db
    .insert(tours)
    .values({ venueId, userId: couple.id, name: `Casey ${label}`, email: couple.email, startsAt: soon() })
    .returning();
  await t.db.insert(savedSearches).values({ userId: couple.id, name: "Barns", query: "region=north" });
  await t.db.insert(savedSearches).values({ email: couple.email, name: "Guest", query: "guests=80" });
  await t.db.insert(emailOptOuts).values({ userId: couple.id, kind: "alert" });
  const unmanaged = await createVenue(t.db, { name: `${label} Unclaimed Hall` });
  await t.db
    .insert(venueClaims)
    .values({ venueId: unmanaged.id, userId: couple.id, method: "admin", note: "Mine" });
  const pending = await submit(couple.cookie, `${label} Pending Barn`);
  const approved = await createVenue(t.db, { name: `${label} Approved Barn`, userId: couple.id });
  const exportKey = `exports/${couple.id}-${label}.zip`;
  await t.storage.put(exportKey, Buffer.from("zip"), "application/zip");
  await t.db.insert(dataExports).values({
    userId: couple.id,
    status: "ready",
    fileKey: exportKey,
    expiresAt: soon(),
  });
  return { couple, review: review!, inquiry: inquiry!, visit: visit!, pending, approved, exportKey };
}

const reviewCount = async (venueId: string) =>
  (await t.db.select({ n: venues.reviewCount }).from(venues).where(eq(venues.id, venueId)))[0]!.n;

describe("deleting one's account", () => {
  const variants: [ReviewChoice, boolean][] = [
    ["delete", true],
    ["keep", false],
  ];
  it.each(variants)("reviews %s, contact erased now: %s", async (choice, erase) => {
    const label = `${choice}${erase ? "Erase" : "Keep"}`;
    const { manager, venue, other, otherInquiry } = await venueWithOthers(label);
    const c = await coupleWithEverything(label, venue.id);
    const countBefore = await reviewCount(venue.id);
    expect(countBefore).toBe(2);
    expect((await storedFiles(c.pending.id)).length).toBeGreaterThan(0);

    const summary = await page("/account/delete", c.couple.cookie);
    expect(summary.status).toBe(200);
    expect(summary.html).toContain(`${label} Pending Barn`);
    expect(summary.html).toContain("Delete my reviews");
    expect(summary.html).toContain('name="reviews" value="keep"');
    expect(summary.html).not.toMatch(/name="reviews" checked/);

    const fields: Record<string, string> = { reviews: choice, password: c.couple.password };
    if (erase) fields.eraseContact = "on";
    const res = await post("/account/delete", fields, c.couple.cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
    expect(res.headers.getSetCookie().some((h) => /session_token=;/.test(h))).toBe(true);

    // Nothing names the account any more; the audit entry says what went, without its address.
    expect(await rowsNaming(c.couple.id)).toEqual({});
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.targetId, c.couple.id));
    expect(entry).toMatchObject({ action: "account.delete", actorId: null });
    expect(JSON.stringify(entry!.details)).not.toContain(c.couple.email);
    expect(await t.db.select().from(savedSearches).where(eq(savedSearches.email, c.couple.email))).toEqual(
      [],
    );

    // The venue keeps the inquiry, with or without the contact details, and its thread.
    const [kept] = await t.db.select().from(inquiries).where(eq(inquiries.id, c.inquiry.id));
    expect(kept).toMatchObject({ userId: null, guestCount: 80, message: "Is June free?" });
    if (erase) expect(kept).toMatchObject({ name: FORMER_GUEST, email: "", phone: null });
    else expect(kept).toMatchObject({ name: `Casey ${label}`, email: c.couple.email });
    expect(
      await t.db.select().from(inquiryReplies).where(eq(inquiryReplies.inquiryId, c.inquiry.id)),
    ).toHaveLength(1);

    // The coming visit is cancelled and the venue told.
    const [visit] = await t.db.select().from(tours).where(eq(tours.id, c.visit.id));
    expect(visit!.status).toBe("cancelled");
    const cancel = await t.mail.waitFor(manager.email, 10_000, /cancelled/i);
    expect(cancel.text).toContain(erase ? FORMER_GUEST : `Casey ${label}`);

    // Reviews: gone, or kept under "A former guest", shown and counted.
    const venuePage = await page(venuePath(venue), other.cookie);
    if (choice === "keep") {
      const [r] = await t.db.select().from(reviews).where(eq(reviews.id, c.review.id));
      expect(r!.userId).toBeNull();
      expect(await reviewCount(venue.id)).toBe(2);
      expect(venuePage.html).toContain(FORMER_GUEST);
      expect(venuePage.html).toContain(`${label}: the best day.`);
    } else {
      expect(await t.db.select().from(reviews).where(eq(reviews.id, c.review.id))).toEqual([]);
      expect(await reviewCount(venue.id)).toBe(1);
      expect(venuePage.html).not.toContain(`${label}: the best day.`);
    }

    // The pending submission and its files are gone; the approved one stays; storage is clean.
    expect(await t.db.select().from(venues).where(eq(venues.id, c.pending.id))).toEqual([]);
    expect(await storedFiles(c.pending.id)).toEqual([]);
    expect(
      await t.db.select({ id: venues.id }).from(venues).where(eq(venues.id, c.approved.id)),
    ).toHaveLength(1);
    expect((await t.storage.list("exports/")).map((f) => f.key)).not.toContain(c.exportKey);
    const storage = await checkStorage(t.app, 0);
    expect(storage.orphans).toEqual([]);
    expect(storage.missing).toEqual([]);

    // The other couple is untouched.
    expect(await t.db.select().from(inquiries).where(eq(inquiries.id, otherInquiry.id))).toEqual([
      expect.objectContaining({ userId: other.id, email: other.email }),
    ]);
    expect(await t.db.select().from(favorites).where(eq(favorites.userId, other.id))).toHaveLength(1);
    expect(await t.db.select().from(reviews).where(eq(reviews.userId, other.id))).toHaveLength(1);

    // Signing in again fails as an unknown account's would.
    const again = await signIn(t.app, t.request("/login"), {
      email: c.couple.email,
      password: c.couple.password,
    });
    const unknown = await signIn(t.app, t.request("/login"), {
      email: `nobody-${label}@x.example`,
      password: "whatever-1",
    });
    expect(again.ok).toBe(false);
    expect(again).toEqual(unknown);
  });

  it("shows an erased inquiry to the venue as a former guest, and refuses to mail an answer", async () => {
    const { manager, venue } = await venueWithOthers("Erased");
    const c = await coupleWithEverything("Erased", venue.id);
    expect(
      (
        await post(
          "/account/delete",
          { reviews: "delete", eraseContact: "on", password: c.couple.password },
          c.couple.cookie,
        )
      ).status,
    ).toBe(302);
    const path = `/venue-manager/inquiries/${c.inquiry.id}`;
    const shown = await page(path, manager.cookie);
    expect(shown.status).toBe(200);
    expect(shown.html).toContain(FORMER_GUEST);
    expect(shown.html).toContain(CONTACT_ERASED);
    expect(shown.html).not.toContain('name="reply"');
    const reply = await post(path, { intent: "reply", reply: "Hello again" }, manager.cookie);
    expect(reply.status).toBe(409);
    expect(await reply.text()).toContain(inquiryRefusals.contactErased.replace(/'/g, "&#x27;"));
    const csv = await (
      await http.fetch("/venue-manager/inquiries/export.csv", { cookie: manager.cookie })
    ).text();
    expect(csv).toContain(`${FORMER_GUEST},${CONTACT_ERASED}`);
  });

  it("warns the last manager of a venue, which then goes back to the admins", async () => {
    const m = await t.signUp({ role: "venue_manager", name: "Lone Manager" });
    const co = await t.signUp({ role: "venue_manager", name: "Co Manager" });
    const alone = await createVenue(t.db, { name: "Solitary Ranch" });
    const shared = await createVenue(t.db, { name: "Shared Ranch" });
    await t.db.insert(venueManagers).values([
      { userId: m.id, venueId: alone.id },
      { userId: m.id, venueId: shared.id },
      { userId: co.id, venueId: shared.id },
    ]);
    const { html } = await page("/account/delete", m.cookie);
    expect(html).toContain("You are the only manager of");
    expect(html).toContain("Solitary Ranch");
    expect(html).not.toContain("Shared Ranch");
    expect(
      (await post("/account/delete", { reviews: "delete", password: m.password }, m.cookie)).status,
    ).toBe(302);
    expect(await t.db.select().from(venueManagers).where(eq(venueManagers.venueId, alone.id))).toEqual([]);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.targetId, m.id));
    expect(entry!.details).toMatchObject({ venuesReleased: [{ id: alone.id, name: "Solitary Ranch" }] });
    expect(
      await t.db
        .select()
        .from(venues)
        .where(and(eq(venues.id, alone.id), eq(venues.isApproved, true))),
    ).toHaveLength(1);
    expect(await t.db.select().from(venueManagers).where(eq(venueManagers.venueId, shared.id))).toHaveLength(
      1,
    );
  });

  it("refuses the last admin, and a wrong password, changing nothing and keeping the choices", async () => {
    const { html } = await page("/account/delete", admin.cookie);
    expect(html).toContain("only administrator");
    const refused = await post(
      "/account/delete",
      { reviews: "delete", password: admin.password },
      admin.cookie,
    );
    expect(refused.status).toBe(409);
    expect(await rowsNaming(admin.id)).toMatchObject({ users: 1 });
    expect((await t.db.select().from(users).where(eq(users.id, admin.id)))[0]!.role).toBe("admin");

    const { venue } = await venueWithOthers("Wrong");
    const c = await coupleWithEverything("Wrong", venue.id);
    const before = await rowsNaming(c.couple.id);
    const wrong = await post(
      "/account/delete",
      { reviews: "keep", eraseContact: "on", password: "not-it-at-all" },
      c.couple.cookie,
    );
    expect(wrong.status).toBe(400);
    const body = await wrong.text();
    expect(body).toContain(deletionMessages.wrongPassword.replace("That password", ""));
    expect(body).toMatch(/name="reviews" checked="" value="keep"/);
    expect(body).toMatch(/name="eraseContact" checked=""/);
    expect(await rowsNaming(c.couple.id)).toEqual(before);
    const [visit] = await t.db.select().from(tours).where(eq(tours.id, c.visit.id));
    expect(visit!.status).toBe("booked");
  });
});

describe("an account without a password", () => {
  const LINK = /https?:\/\/[^/\s]+(\/account\/delete\/confirm\/[\w-]+)/;

  async function passwordless(name: string) {
    const p = await t.signUp({ name });
    await t.db.delete(accounts).where(eq(accounts.userId, p.id));
    return p;
  }
  async function askForLink(p: Person, fields: Record<string, string>) {
    const res = await post("/account/delete", fields, p.cookie);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(deletionMessages.linkSent.replace("We", ""));
    const mail = await t.mail.waitFor(p.email, 10_000, /Confirm the deletion/);
    expect(mail.raw).not.toMatch(/List-Unsubscribe/i);
    return LINK.exec(mail.text)![1]!;
  }

  it("confirms by a mailed link, which deletes with the choices made", async () => {
    const { venue } = await venueWithOthers("Linked");
    const c = await coupleWithEverything("Linked", venue.id);
    await t.db.delete(accounts).where(eq(accounts.userId, c.couple.id));
    const { html } = await page("/account/delete", c.couple.cookie);
    expect(html).toContain("email you a link to confirm");
    expect(html).not.toContain('name="password"');
    const link = await askForLink(c.couple, { reviews: "keep", eraseContact: "on" });
    // Nothing is deleted before the link's button is pressed.
    expect(await rowsNaming(c.couple.id)).toMatchObject({ users: 1 });
    const confirm = await page(link, c.couple.cookie);
    expect(confirm.status).toBe(200);
    expect(confirm.html).toContain(`kept, shown as \u201c${FORMER_GUEST}\u201d`);
    expect(confirm.html).toContain("erased now");
    const res = await post(link, {}, c.couple.cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
    expect(await rowsNaming(c.couple.id)).toEqual({});
    expect((await t.db.select().from(reviews).where(eq(reviews.id, c.review.id)))[0]!.userId).toBeNull();
    expect((await t.db.select().from(inquiries).where(eq(inquiries.id, c.inquiry.id)))[0]!.email).toBe("");
  });

  it("refuses an expired link, and one a newer link replaced, changing nothing", async () => {
    const p = await passwordless("Pat Expired");
    const first = await askForLink(p, { reviews: "delete" });
    const second = await askForLink(p, { reviews: "delete" });
    expect(first).not.toBe(second);
    const replaced = await page(first, p.cookie);
    expect(replaced.status).toBe(410);
    expect(replaced.html).toContain("expired or was already used");
    expect((await post(first, {}, p.cookie)).status).toBe(410);
    await t.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, `account-delete:${p.id}`));
    expect((await page(second, p.cookie)).status).toBe(410);
    expect((await post(second, {}, p.cookie)).status).toBe(410);
    expect(await rowsNaming(p.id)).toMatchObject({ users: 1 });
  });

  it("limits the mails", async () => {
    const p = await passwordless("Pat Limited");
    for (let i = 0; i < 3; i++) await askForLink(p, { reviews: "delete" });
    const res = await post("/account/delete", { reviews: "delete" }, p.cookie);
    expect(res.status).toBe(429);
  });
});
