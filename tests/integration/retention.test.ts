// What the site keeps, and for how long (issue 46): the retention task against a clock of the
// test's own, analytics that ask (Global Privacy Control) through the page cache, and the privacy
// page that tells what this server does.
import crypto from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  dataExports,
  inquiries,
  pendingFiles,
  rateLimits,
  sessions,
  tours,
  verifications,
} from "../../database/schema";
import { FORMER_GUEST } from "../../app/lib/privacy";
import { MAIL_NOTICES } from "../../app/lib/privacy-notice";
import { DAY_MS, RETENTION_DAYS, RETENTION_RULES } from "../../app/lib/retention";
import { venuePath } from "../../app/lib/venue-url";
import { checkStorage } from "../../app/services/pending-files.server";
import { runRetention } from "../../app/services/retention.server";
import { createVenue } from "../setup/factories";
import { withHttpApp, type HttpTestApp } from "../setup/http-app";
import { type TestApp } from "../setup/test-app";

let t: TestApp;
let web: HttpTestApp;
const OPERATOR = {
  CONTACT_EMAIL: "privacy@operator.example",
  MAIL_POSTAL_ADDRESS: "1 Larimer Sq, Denver, CO 80202",
};
withHttpApp((app) => ({ t, http: web } = app), { env: { GA_MEASUREMENT_ID: "G-RETAIN", ...OPERATOR } });

const NOW = new Date("2031-06-15T12:00:00Z");
const ago = (days: number, ms = 0) => new Date(NOW.getTime() - days * DAY_MS - ms);
const unique = () => crypto.randomBytes(4).toString("hex");

describe("the retention task", () => {
  it("erases a couple's contact from inquiries and visits past 24 months, and only those", async () => {
    const venue = await createVenue(t.db);
    const contact = (tag: string) => ({ name: `Couple ${tag}`, email: `${tag}@couple.example` });
    const [old, recent] = await t.db
      .insert(inquiries)
      .values([
        {
          venueId: venue.id,
          ...contact("old"),
          phone: "303-555-0100",
          message: "Is June free?",
          createdAt: ago(RETENTION_DAYS.inquiryContact, 1000),
          guestCount: 90,
        },
        {
          venueId: venue.id,
          ...contact("recent"),
          phone: "303-555-0101",
          message: "Is May free?",
          createdAt: ago(RETENTION_DAYS.inquiryContact - 1),
        },
      ])
      .returning({ id: inquiries.id });
    const [pastVisit, laterVisit] = await t.db
      .insert(tours)
      .values([
        { venueId: venue.id, ...contact("visit-old"), startsAt: ago(RETENTION_DAYS.inquiryContact + 3) },
        { venueId: venue.id, ...contact("visit-recent"), startsAt: ago(30) },
      ])
      .returning({ id: tours.id });

    const run = await runRetention(t.app, NOW);
    expect(run).toMatchObject({ inquiries: 1, tours: 1 });

    const rows = await t.db
      .select()
      .from(inquiries)
      .where(inArray(inquiries.id, [old!.id, recent!.id]));
    const erased = rows.find((r) => r.id === old!.id)!;
    expect(erased).toMatchObject({
      name: FORMER_GUEST,
      email: "",
      phone: null,
      message: "Is June free?",
      guestCount: 90,
    });
    expect(erased.contactErasedAt).not.toBeNull();
    expect(rows.find((r) => r.id === recent!.id)).toMatchObject({
      ...contact("recent"),
      phone: "303-555-0101",
      contactErasedAt: null,
    });
    const visits = await t.db
      .select()
      .from(tours)
      .where(inArray(tours.id, [pastVisit!.id, laterVisit!.id]));
    expect(visits.find((v) => v.id === pastVisit!.id)).toMatchObject({ name: FORMER_GUEST, email: "" });
    expect(visits.find((v) => v.id === laterVisit!.id)).toMatchObject(contact("visit-recent"));

    // Erased once: the next run finds nothing more to do.
    expect(await runRetention(t.app, NOW)).toMatchObject({ inquiries: 0, tours: 0 });
  });

  it("deletes expired sessions, old counters and used links, and keeps live ones", async () => {
    const user = await t.signUp();
    const [live] = await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id));
    const expiredId = `expired-${unique()}`;
    await t.db
      .insert(sessions)
      .values({ id: expiredId, token: unique(), userId: user.id, expiresAt: ago(2) });
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(NOW.getTime() + DAY_MS) })
      .where(eq(sessions.id, live!.id));
    const [oldKey, liveKey] = [`old-${unique()}`, `live-${unique()}`];
    await t.db.insert(rateLimits).values([
      { key: oldKey, count: 3, resetAt: ago(2) },
      { key: liveKey, count: 3, resetAt: ago(0, -60_000) },
    ]);
    const [oldLink, liveLink] = [`link-old-${unique()}`, `link-live-${unique()}`];
    await t.db.insert(verifications).values([
      { id: oldLink, identifier: oldLink, value: "x", expiresAt: ago(2) },
      { id: liveLink, identifier: liveLink, value: "x", expiresAt: ago(0, -60_000) },
    ]);

    await runRetention(t.app, NOW);

    const sessionIds = (
      await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id))
    ).map((s) => s.id);
    expect(sessionIds).toEqual([live!.id]);
    const keys = (
      await t.db
        .select({ key: rateLimits.key })
        .from(rateLimits)
        .where(inArray(rateLimits.key, [oldKey, liveKey]))
    ).map((r) => r.key);
    expect(keys).toEqual([liveKey]);
    const links = (
      await t.db
        .select({ id: verifications.id })
        .from(verifications)
        .where(inArray(verifications.id, [oldLink, liveLink]))
    ).map((r) => r.id);
    expect(links).toEqual([liveLink]);
  });

  it("deletes an expired data download's row and file, and keeps a current one", async () => {
    const user = await t.signUp();
    const [oldKey, liveKey] = [`exports/${crypto.randomUUID()}.zip`, `exports/${crypto.randomUUID()}.zip`];
    for (const key of [oldKey, liveKey]) await t.app.storage.put(key, Buffer.from("PK"), "application/zip");
    const [expired, current] = await t.db
      .insert(dataExports)
      .values([
        { userId: user.id, status: "ready", fileKey: oldKey, expiresAt: ago(0, 1000) },
        { userId: user.id, status: "ready", fileKey: liveKey, expiresAt: ago(-1) },
      ])
      .returning({ id: dataExports.id });

    await runRetention(t.app, NOW);

    const left = (
      await t.db.select({ id: dataExports.id }).from(dataExports).where(eq(dataExports.userId, user.id))
    ).map((r) => r.id);
    expect(left).toEqual([current!.id]);
    expect(left).not.toContain(expired!.id);
    expect(await t.app.storage.get(oldKey)).toBeNull();
    expect(await t.app.storage.get(liveKey)).not.toBeNull();
    expect(await t.db.select().from(pendingFiles).where(eq(pendingFiles.key, oldKey))).toEqual([]);
  });

  it("storage:check counts a download's file no row names as an orphan, and a named one as kept", async () => {
    const user = await t.signUp();
    const [named, stray] = [`exports/${crypto.randomUUID()}.zip`, `exports/${crypto.randomUUID()}.zip`];
    for (const key of [named, stray]) await t.app.storage.put(key, Buffer.from("PK"), "application/zip");
    await t.db
      .insert(dataExports)
      .values({ userId: user.id, status: "ready", fileKey: named, expiresAt: ago(-1) });
    const { orphans } = await checkStorage(t.app, 0);
    expect(orphans).toContain(stray);
    expect(orphans).not.toContain(named);
  });

  it("never serves a data download as a public file", async () => {
    const key = `exports/${crypto.randomUUID()}.zip`;
    await t.app.storage.put(key, Buffer.from("PK secret"), "application/zip");
    const res = await web.fetch(`/uploads/${key}`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain("secret");
  });
});

describe("analytics that ask (Global Privacy Control)", () => {
  const page = (path: string, gpc: boolean) =>
    web.fetch(path, { headers: { accept: "text/html", ...(gpc ? { "sec-gpc": "1" } : {}) } });
  const TAG = "googletagmanager.com/gtag/js";

  it("leaves the tag out for Sec-GPC: 1, and the page cache keeps the two pages apart", async () => {
    // Each order of first visitors: whichever page was kept first, the other visitor never gets it.
    for (const [first, second] of [
      [false, true],
      [true, false],
    ] as const) {
      const path = venuePath(await createVenue(t.db, { name: `GPC Meadow ${unique()}` }));
      const visits = [];
      for (const gpc of [first, second, first, second]) {
        const res = await page(path, gpc);
        visits.push({
          gpc,
          cache: res.headers.get("x-page-cache"),
          vary: res.headers.get("vary"),
          html: await res.text(),
        });
      }
      for (const visit of visits) {
        expect(visit.html.includes(TAG)).toBe(!visit.gpc);
        expect(visit.html).toContain("GPC Meadow");
        expect(visit.vary).toMatch(/sec-gpc/i);
      }
      expect(visits.slice(2).map((v) => v.cache)).toEqual(["hit", "hit"]);
    }
  });

  it("the page's own script checks navigator.globalPrivacyControl before loading the tag", async () => {
    const res = await page("/privacy", false);
    const html = await res.text();
    expect(html).toMatch(/if\(!navigator\.globalPrivacyControl\)\{[^<]*googletagmanager\.com\/gtag\/js/);
  });
});

describe("the privacy page", () => {
  it("tells what this server does: its mails, processors, periods, rights and the operator's contact", async () => {
    const res = await web.fetch("/privacy", { headers: { accept: "text/html" } });
    expect(res.status).toBe(200);
    const text = (await res.text()).replace(/<!-- -->/g, "").replace(/&#x27;|&rsquo;/g, "'");
    expect(text).not.toContain("We email you only for your account");
    for (const mail of MAIL_NOTICES) expect(text).toContain(mail.what);
    for (const rule of RETENTION_RULES) expect(text).toContain(rule.period);
    expect(text).toContain("Google Analytics");
    expect(text).toContain(`mailto:${OPERATOR.CONTACT_EMAIL}`);
    expect(text).toContain(OPERATOR.MAIL_POSTAL_ADDRESS);
    for (const right of ["/account/privacy", "/account/delete", "/account/emails"])
      expect(text).toContain(`href="${right}"`);
    expect(text).toMatch(/your wedding date and\s+whether it is flexible, your guest count/);
  });
});
