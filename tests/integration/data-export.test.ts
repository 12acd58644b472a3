// Download my data (issue 46, item 1; ADR 049), over real HTTP with the SMTP catcher: a couple
// with a row of every kind gets all of them and their submission's files, byte for byte, and
// nothing of another couple who asked the same venue; a manager gets their venues' own details;
// a large export is built by the job queue, mailed, and served to its owner only until it
// expires; the limits refuse with a message. Each test makes its own people and venues.
import { unzipSync } from "fflate";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import {
  dataExports,
  emailOptOuts,
  favorites,
  inquiries,
  inquiryReplies,
  pendingFiles,
  reviewReplies,
  reviewReports,
  reviews,
  savedSearches,
  tours,
  venueClaims,
  venueManagers,
  venues,
} from "../../database/schema";
import { createJobQueue, type JobQueue } from "../../app/infra/jobs.server";
import { createLogger } from "../../app/infra/logger.server";
import { EXPORT_LIMITS, exportMessages } from "../../app/lib/data-export";
import { toAppUser } from "../../app/lib/user";
import { backgroundTasks } from "../../app/services/background.server";
import { buildDataExport, EXPORT_TASK, requestDataExport } from "../../app/services/data-export.server";
import { createCategory, createVenue, jpegOf, postSubmission, submissionFields } from "../setup/factories";
import { withHttpApp, type HttpTestApp } from "../setup/http-app";
import { cookieFrom, type TestApp } from "../setup/test-app";

let t: TestApp;
let http: HttpTestApp;
let queue: JobQueue;
withHttpApp(async (app) => {
  ({ t, http } = app);
  queue = createJobQueue(t.database, createLogger("error"));
  // The export task alone, asking for its jobs every half second.
  const tasks = backgroundTasks(t.app).filter((task) => task.name === EXPORT_TASK);
  await queue.start(tasks.map((task) => ({ ...task, pollSeconds: 0.5 })));
});
afterAll(() => queue.stop(1000));

type Archive = Record<string, Uint8Array>;
const json = (a: Archive, name: string) => JSON.parse(Buffer.from(a[name]!).toString("utf8")) as unknown;
/** Every byte of the archive's entries as text, to look for what must not be there. */
const allText = (a: Archive) =>
  Object.values(a)
    .map((b) => Buffer.from(b).toString("latin1"))
    .join("\n");

async function download(cookie: string) {
  const res = await http.fetch("/account/privacy/exports", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "",
    cookie,
  });
  return res;
}

async function archiveOf(res: Response): Promise<Archive> {
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/zip");
  expect(res.headers.get("content-disposition")).toMatch(
    /^attachment; filename="vows-and-vistas-data-\d{4}-\d{2}-\d{2}\.zip"$/,
  );
  return unzipSync(new Uint8Array(await res.arrayBuffer()));
}

/** A couple with a row of every kind, and a submitted venue with two photos and a logo. */
async function fullCouple(name: string) {
  const couple = await t.signUp({ name });
  const venue = await createVenue(t.db, { name: `${name}'s Venue` });
  const other = await t.signUp({ name: `Other of ${name}` });
  const [otherReview] = await t.db
    .insert(reviews)
    .values({ venueId: venue.id, userId: other.id, rating: 2, comment: "Another person's words about it." })
    .returning();
  await t.db.insert(favorites).values({ userId: couple.id, venueId: venue.id });
  const [review] = await t.db
    .insert(reviews)
    .values({ venueId: venue.id, userId: couple.id, rating: 5, comment: "A perfect day by the lake." })
    .returning();
  const manager = await t.signUp({ role: "venue_manager", name: "Hidden Manager Name" });
  await t.db
    .insert(reviewReplies)
    .values({ reviewId: review!.id, userId: manager.id, body: "Thank you, it was a joy to host you." });
  const [inquiry] = await t.db
    .insert(inquiries)
    .values({
      venueId: venue.id,
      userId: couple.id,
      name,
      email: couple.email,
      phone: "(303) 555-0188",
      weddingDate: "2031-06-14",
      guestCount: 90,
      message: "Is June free?",
      status: "replied",
    })
    .returning();
  await t.db.insert(inquiryReplies).values([
    { inquiryId: inquiry!.id, userId: manager.id, author: "venue", body: "June 14 is free." },
    { inquiryId: inquiry!.id, userId: couple.id, author: "couple", body: "Wonderful, we will visit." },
  ]);
  await t.db
    .insert(savedSearches)
    .values({ userId: couple.id, name: "Lakes near Denver", query: "guests=90" });
  await t.db.insert(emailOptOuts).values({ userId: couple.id, kind: "alert" });
  await t.db.insert(tours).values({
    venueId: venue.id,
    userId: couple.id,
    name,
    email: couple.email,
    startsAt: new Date("2031-05-02T16:00:00Z"),
  });
  await t.db.insert(reviewReports).values({ reviewId: otherReview!.id, userId: couple.id, reason: "fake" });
  await t.db
    .insert(venueClaims)
    .values({ venueId: venue.id, userId: couple.id, method: "admin", note: "My parents own it." });
  // Another couple's inquiry to the same venue, and their thread.
  const stranger = await t.signUp({ name: "Quinn Stranger", email: `quinn-${couple.id}@elsewhere.example` });
  const [theirs] = await t.db
    .insert(inquiries)
    .values({
      venueId: venue.id,
      userId: stranger.id,
      name: "Quinn Stranger",
      email: stranger.email,
      phone: "(720) 555-0999",
      message: "Secret question of another couple",
    })
    .returning();
  await t.db.insert(inquiryReplies).values({ inquiryId: theirs!.id, author: "venue", body: "Secret answer" });
  const category = await createCategory(t.db);
  const photo = { field: "images", bytes: await jpegOf("#369", 900, 600), name: "a.jpg", type: "image/jpeg" };
  const photo2 = { ...photo, bytes: await jpegOf("#963", 900, 600), name: "b.jpg" };
  const logo = { field: "logo", bytes: await jpegOf("#222", 300, 300), name: "logo.jpg", type: "image/jpeg" };
  const submitted = await postSubmission(
    http,
    couple.cookie,
    { ...submissionFields(category.id), name: `${name}'s Barn` },
    [photo, photo2, logo],
  );
  return { couple, venue, submitted, manager, stranger, other };
}

describe("a couple's download", () => {
  it("holds every kind of their rows and their submission's files, byte for byte", async () => {
    const { couple, venue, submitted, manager, stranger, other } = await fullCouple("Casey Lake");
    const zip = await archiveOf(await download(couple.cookie));
    for (const name of [
      "README.txt",
      "account.json",
      "sessions.json",
      "favorites.json",
      "reviews.json",
      "inquiries.json",
      "site-visits.json",
      "saved-searches.json",
      "email-preferences.json",
      "submissions.json",
      "review-reports.json",
      "claims.json",
    ])
      expect(Object.keys(zip)).toContain(name);
    expect(zip["managed-venues.json"]).toBeUndefined();
    expect(json(zip, "account.json")).toMatchObject({
      id: couple.id,
      name: "Casey Lake",
      email: couple.email,
    });
    const sessions = json(zip, "sessions.json") as Record<string, unknown>[];
    expect(sessions.length).toBeGreaterThan(0);
    expect(Object.keys(sessions[0]!).sort()).toEqual([
      "createdAt",
      "expiresAt",
      "ipAddress",
      "updatedAt",
      "userAgent",
    ]);
    expect(json(zip, "favorites.json")).toMatchObject([{ venueId: venue.id }]);
    expect(json(zip, "reviews.json")).toMatchObject([
      { comment: "A perfect day by the lake.", venueReply: { body: "Thank you, it was a joy to host you." } },
    ]);
    expect(json(zip, "inquiries.json")).toMatchObject([
      {
        message: "Is June free?",
        phone: "(303) 555-0188",
        thread: [
          { from: "venue", body: "June 14 is free." },
          { from: "you", body: "Wonderful, we will visit." },
        ],
      },
    ]);
    expect(json(zip, "site-visits.json")).toMatchObject([{ venueId: venue.id, status: "booked" }]);
    expect(json(zip, "saved-searches.json")).toMatchObject([
      { name: "Lakes near Denver", query: "guests=90" },
    ]);
    expect(json(zip, "email-preferences.json")).toContainEqual(
      expect.objectContaining({ kind: "alert", on: false }),
    );
    expect(json(zip, "review-reports.json")).toMatchObject([{ reason: "fake" }]);
    expect(json(zip, "claims.json")).toMatchObject([{ venueId: venue.id, note: "My parents own it." }]);
    // The submission and its three files, as stored.
    const [row] = await t.db.select().from(venues).where(eq(venues.id, submitted.id));
    const [sub] = json(zip, "submissions.json") as { id: string; files: string[] }[];
    expect(sub!.id).toBe(submitted.id);
    expect(sub!.files).toHaveLength(3);
    const urls = [...row!.images, row!.logoUrl!];
    for (const [i, path] of sub!.files.entries()) {
      const stored = await t.storage.get(t.storage.keyOf(urls[i]!)!);
      expect(stored && Buffer.from(zip[path]!).equals(stored)).toBe(true);
    }
    // Nothing of anyone else: the other couple, the manager who replied, the other reviewer.
    const text = allText(zip);
    for (const secret of [
      "Quinn Stranger",
      "quinn-",
      "Secret question",
      "Secret answer",
      "(720) 555-0999",
      "Hidden Manager Name",
      manager.email,
      manager.id,
      stranger.id,
      other.id,
      "Another person's words",
    ])
      expect(text).not.toContain(secret);
    expect(Buffer.from(zip["README.txt"]!).toString()).toContain("inquiries.json");
  });

  it("a manager's download has their venues' own details, and none of the couples who asked them", async () => {
    const manager = await t.signUp({ role: "venue_manager", name: "Morgan Keeper" });
    const venue = await createVenue(t.db, { name: "Keeper's Lodge" });
    await t.db.insert(venueManagers).values({ userId: manager.id, venueId: venue.id });
    const couple = await t.signUp({ name: "Robin Asker" });
    await t.db.insert(inquiries).values({
      venueId: venue.id,
      userId: couple.id,
      name: "Robin Asker",
      email: couple.email,
      message: "A couple's question to the lodge",
    });
    const zip = await archiveOf(await download(manager.cookie));
    expect(json(zip, "managed-venues.json")).toMatchObject([{ id: venue.id, name: "Keeper's Lodge" }]);
    expect(json(zip, "inquiries.json")).toEqual([]);
    const text = allText(zip);
    for (const secret of ["Robin Asker", couple.email, couple.id, "A couple's question"])
      expect(text).not.toContain(secret);
  });
});

describe("a large download, built in the background", () => {
  it("is built by the job, mailed, and served to its owner only until it expires", async () => {
    const { couple } = await fullCouple("Jordan Big");
    const user = toAppUser({ id: couple.id, name: "Jordan Big", email: couple.email, role: "user" });
    // Forced to the background: any stored file makes it large.
    const asked = await requestDataExport(t.app, user, { ...EXPORT_LIMITS, directFiles: 0 });
    expect(asked.kind).toBe("queued");
    const exportId = asked.kind === "queued" ? asked.exportId : "";
    // While it builds, another ask is refused.
    await expect(requestDataExport(t.app, user, { ...EXPORT_LIMITS, directFiles: 0 })).rejects.toThrow(
      exportMessages.alreadyBuilding,
    );
    const mail = await t.mail.waitFor(couple.email, 30_000, /data is ready/);
    // An account mail: it answers the person's own request, so no way to turn it off (ADR 043).
    expect(mail.raw).not.toMatch(/^List-Unsubscribe:/im);
    expect(mail.text).not.toContain("/account/emails");
    const link = t.mail.linkIn(mail)!;
    expect(link).toBe(`${t.config.siteUrl}/account/privacy/exports/${exportId}`);
    const [row] = await t.db.select().from(dataExports).where(eq(dataExports.id, exportId));
    expect(row).toMatchObject({ status: "ready", userId: couple.id });
    expect(row!.fileKey).toMatch(new RegExp(`^exports/${exportId}-[0-9a-f]{32}\\.zip$`));
    // Its key was claimed while written and released with the row (ADR 021).
    expect(await t.db.select().from(pendingFiles).where(eq(pendingFiles.key, row!.fileKey!))).toEqual([]);
    const path = new URL(link).pathname;

    const zip = await archiveOf(await http.fetch(path, { cookie: couple.cookie }));
    expect(json(zip, "account.json")).toMatchObject({ name: "Jordan Big" });
    expect(Object.keys(zip).filter((n) => n.startsWith("files/"))).toHaveLength(3);

    // The privacy page lists it with its link.
    const page = await (await http.fetch("/account/privacy", { cookie: couple.cookie })).text();
    expect(page).toContain(`href="${path}"`);

    const stranger = await t.signUp({ name: "Not The Owner" });
    expect((await http.fetch(path, { cookie: stranger.cookie })).status).toBe(404);
    const guest = await http.fetch(path);
    expect(guest.status).toBe(302);
    expect(guest.headers.get("location")).toContain("/login");

    await t.db
      .update(dataExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dataExports.id, exportId));
    const expired = await http.fetch(path, { cookie: couple.cookie });
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain("This download has expired");
  }, 60_000);
});

describe("limits", () => {
  it("refuse a sixth download in a day with a message, and GET of the endpoint goes to the page", async () => {
    const couple = await t.signUp({ name: "Avery Often" });
    for (let i = 0; i < EXPORT_LIMITS.perDay; i++) expect((await download(couple.cookie)).status).toBe(200);
    const refused = await download(couple.cookie);
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toBe("/account/privacy");
    const flash = cookieFrom(refused.headers);
    const page = await http.fetch("/account/privacy", { cookie: `${couple.cookie}; ${flash}` });
    expect(await page.text()).toContain(exportMessages.tooMany);
    const get = await http.fetch("/account/privacy/exports", { cookie: couple.cookie });
    expect(get.status).toBe(302);
    expect(get.headers.get("location")).toBe("/account/privacy");
  });

  it("refuse a download while one is being built, saying so", async () => {
    const couple = await t.signUp({ name: "Blake Waiting" });
    await t.db
      .insert(dataExports)
      .values({ userId: couple.id, expiresAt: new Date(Date.now() + 86_400_000) });
    const refused = await download(couple.cookie);
    expect(refused.status).toBe(302);
    const page = await http.fetch("/account/privacy", {
      cookie: `${couple.cookie}; ${cookieFrom(refused.headers)}`,
    });
    const html = await page.text();
    expect(html).toContain(exportMessages.alreadyBuilding);
    expect(html).toContain("Being prepared. We will email you a link when it is ready.");
  });

  it("an archive past the cap is marked failed, leaving no file and no claim", async () => {
    const couple = await t.signUp({ name: "Drew Huge" });
    const [row] = await t.db
      .insert(dataExports)
      .values({ userId: couple.id, expiresAt: new Date(Date.now() + 86_400_000) })
      .returning();
    await buildDataExport(t.app, { exportId: row!.id }, { ...EXPORT_LIMITS, maxBytes: 1_000 });
    const [after] = await t.db.select().from(dataExports).where(eq(dataExports.id, row!.id));
    expect(after).toMatchObject({ status: "failed", fileKey: null });
    expect((await t.storage.list("exports/")).filter((f) => f.key.includes(row!.id))).toEqual([]);
    expect((await t.db.select().from(pendingFiles)).filter((p) => p.key.includes(row!.id))).toEqual([]);
    expect(t.mail.messages.filter((m) => m.to.includes(couple.email.toLowerCase()))).toEqual([]);
  });

  it("a signed-out post goes nowhere near an export", async () => {
    const res = await download("");
    expect([302, 401]).toContain(res.status);
  });
});
