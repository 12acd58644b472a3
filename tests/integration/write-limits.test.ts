import { and, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { reviewReplies, reviews, venueFaqs, venueManagers, venues } from "../../database/schema";
import { venuePath } from "../../app/lib/venue-url";
import { LIMITS, type Limit } from "../../app/services/rate-limit.server";
import { createVenue } from "../setup/factories";
import { withHttpApp, type HttpTestApp } from "../setup/http-app";
import { type TestApp } from "../setup/test-app";

// Issue 21, part 5: each write a person makes by hand has a per-user limit that a person never
// meets and a script soon does. A refused write answers 429 'Too many requests, try again in N
// minutes' (in the form's own message where the spec has one), changes nothing, and keeps what
// was typed. The window is not waited out: its end is moved in rate_limits.

let t: TestApp;
let http: HttpTestApp;
withHttpApp((app) => ({ t, http } = app), { timeout: 120_000 });

type Account = Awaited<ReturnType<TestApp["signUp"]>>;

/** The user has used all but `left` writes of `limit` under `key`, in a window with 25 minutes to go. */
async function used(key: string, limit: Limit, left: number) {
  await t.db.execute(sql`
    insert into rate_limits (key, count, reset_at) values (${key}, ${limit.max - left}, now() + interval '25 minutes')
    on conflict (key) do update set count = excluded.count, reset_at = excluded.reset_at`);
}
/** The window is over. */
const windowEnds = (key: string) =>
  t.db.execute(sql`update rate_limits set reset_at = now() where key = ${key}`);

function post(path: string, fields: Record<string, string>, who: Account) {
  return http.fetch(path, {
    method: "POST",
    cookie: who.cookie,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
}

const TOO_MANY = "Too many requests, try again in 25 minutes";

async function managerOf(name: string) {
  const manager = await t.signUp({ role: "venue_manager" });
  const venue = await createVenue(t.db, { name });
  await t.db.insert(venueManagers).values({ userId: manager.id, venueId: venue.id });
  return { manager, venue };
}

describe("review writes", () => {
  it(`take ${LIMITS.reviewWriteUser.max} an hour from one user; the next is refused and changes nothing`, async () => {
    const venue = await createVenue(t.db, { name: "Limit Meadow" });
    const path = `${venuePath(venue)}.data`;
    const couple = await t.signUp();
    const key = `review:${couple.id}`;
    await used(key, LIMITS.reviewWriteUser, 1);

    const last = await post(path, { rating: "5", comment: "Wonderful day." }, couple);
    expect(last.status).toBe(200);
    const refused = await post(path, { rating: "1", comment: "Changed my mind, typed again." }, couple);
    expect(refused.status).toBe(429);
    const body = await refused.text();
    expect(body).toContain(`Failed to submit review: ${TOO_MANY}`);
    // What was typed comes back with the refusal, so the form keeps it.
    expect(body).toContain("Changed my mind, typed again.");
    const rows = await t.db.select().from(reviews).where(eq(reviews.venueId, venue.id));
    expect(rows.map((r) => [r.rating, r.comment])).toEqual([[5, "Wonderful day."]]);

    // Another user is not held back by this one's count.
    expect((await post(path, { rating: "4", comment: "Lovely." }, await t.signUp())).status).toBe(200);

    await windowEnds(key);
    expect((await post(path, { rating: "2", comment: "A new hour." }, couple)).status).toBe(200);
  });
});

describe("review replies", () => {
  it(`take ${LIMITS.reviewReplyUser.max} an hour from one manager`, async () => {
    const { manager, venue } = await managerOf("Reply Limit Lodge");
    const author = await t.signUp();
    const [review] = await t.db
      .insert(reviews)
      .values({ venueId: venue.id, userId: author.id, rating: 4, comment: "Nice." })
      .returning();
    const path = `/venue-manager/edit-venue/${venue.id}.data`;
    const key = `review-reply:${manager.id}`;
    await used(key, LIMITS.reviewReplyUser, 1);

    const reply = (text: string) =>
      post(path, { intent: "reply-save", reviewId: review!.id, reply: text }, manager);
    expect((await reply("Thank you!")).status).toBe(200);
    const refused = await reply("Thank you again!");
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain(TOO_MANY);
    const saved = await t.db.select().from(reviewReplies).where(eq(reviewReplies.reviewId, review!.id));
    expect(saved.map((r) => r.body)).toEqual(["Thank you!"]);

    await windowEnds(key);
    expect((await reply("Thank you, a new hour.")).status).toBe(200);
  });
});

describe("FAQ adds", () => {
  const faqsOf = async (venueId: string) =>
    (await t.db.select().from(venueFaqs).where(eq(venueFaqs.venueId, venueId))).map((f) => f.question);

  it(`take ${LIMITS.faqAddUser.max} an hour from one manager`, async () => {
    const { manager, venue } = await managerOf("FAQ Limit Hall");
    const path = `/venue-manager/edit-venue/${venue.id}.data`;
    const key = `faq-add:${manager.id}`;
    await used(key, LIMITS.faqAddUser, 1);
    const add = (question: string) => post(path, { intent: "faq-add", question, answer: "Yes." }, manager);

    expect((await add("Parking?")).status).toBe(200);
    const refused = await add("Catering?");
    expect(refused.status).toBe(429);
    const body = await refused.text();
    expect(body).toContain("Failed to add FAQ");
    expect(body).toContain(TOO_MANY);
    expect(await faqsOf(venue.id)).toEqual(["Parking?"]);

    await windowEnds(key);
    expect((await add("Catering?")).status).toBe(200);
  });

  it("count an administrator's adds too, on the admin FAQ screen", async () => {
    const admin = await t.signUp({ role: "admin" });
    const venue = await createVenue(t.db, { name: "Admin FAQ Limit Barn" });
    await used(`faq-add:${admin.id}`, LIMITS.faqAddUser, 0);
    const refused = await post(
      `/admin/venue-faqs/${venue.id}.data`,
      { intent: "add", question: "Dogs?", answer: "On a lead." },
      admin,
    );
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain(`Failed to add FAQ: ${TOO_MANY}`);
    expect(await faqsOf(venue.id)).toEqual([]);
  });
});

describe("manager image uploads", () => {
  it(`take ${LIMITS.venueImagesUser.max} an hour from one manager`, async () => {
    const { manager, venue } = await managerOf("Upload Limit Chapel");
    const key = `venue-images:${manager.id}`;
    await used(key, LIMITS.venueImagesUser, 1);
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#7a9" } })
      .png()
      .toBuffer();
    const upload = async () => {
      const body = new FormData();
      body.append("images", new Blob([new Uint8Array(photo)], { type: "image/png" }), "photo.png");
      const res = await http.fetch(`/venue-manager/edit-venue/${venue.id}/images`, {
        method: "POST",
        cookie: manager.cookie,
        body,
      });
      return { status: res.status, text: await res.text() };
    };
    const imagesOf = async () =>
      (await t.db.select({ images: venues.images }).from(venues).where(eq(venues.id, venue.id)))[0]!.images;

    expect((await upload()).status).toBe(200);
    expect(await imagesOf()).toHaveLength(1);
    const refused = await upload();
    expect(refused.status).toBe(429);
    expect(refused.text).toContain(TOO_MANY);
    expect(await imagesOf()).toHaveLength(1);

    await windowEnds(key);
    expect((await upload()).status).toBe(200);
    expect(await imagesOf()).toHaveLength(2);
  });
});

describe("a venue's own manager", () => {
  it("cannot review or rate the venue, and the page says why instead of offering the form", async () => {
    const { manager, venue } = await managerOf("Own Review Ranch");
    const refused = await post(
      `${venuePath(venue)}.data`,
      { rating: "5", comment: "Best venue ever!" },
      manager,
    );
    expect(refused.status).toBe(403);
    const body = await refused.text();
    expect(body).toContain("Failed to submit review: You manage this venue, so you cannot review it.");
    expect(body).toContain("Best venue ever!");
    expect(await t.db.select().from(reviews).where(eq(reviews.venueId, venue.id))).toEqual([]);
    const [row] = await t.db.select().from(venues).where(eq(venues.id, venue.id));
    expect([row!.rating, row!.reviewCount]).toEqual([0, 0]);

    const page = await (
      await http.fetch(`${venuePath(venue)}?tab=reviews&review=write`, { cookie: manager.cookie })
    ).text();
    expect(page).toContain("You manage this venue, so you cannot review it.");
    expect(page).not.toContain('id="write-review"');

    // Another user, or this manager on a venue they do not manage, reviews as before.
    const other = await createVenue(t.db, { name: "Not Theirs Barn" });
    expect((await post(`${venuePath(other)}.data`, { rating: "4", comment: "Fine." }, manager)).status).toBe(
      200,
    );
    expect(
      (await post(`${venuePath(venue)}.data`, { rating: "4", comment: "Fine." }, await t.signUp())).status,
    ).toBe(200);
    expect(
      await t.db
        .select({ id: reviews.id })
        .from(reviews)
        .where(and(eq(reviews.venueId, venue.id), eq(reviews.userId, manager.id))),
    ).toEqual([]);
  });
});
