import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLog, venueFaqs, venues } from "../../database/schema";
import { venuePath } from "../../app/lib/venue-url";
import { createVenue } from "../setup/factories";
import type { HttpTestApp } from "../setup/http-app";
import { withManagerArea } from "../setup/manager-area";
import { type TestApp } from "../setup/test-app";

// Issue 13, the venue-manager area's edit page for a venue a manager is assigned: images through
// the pipeline within the 10-image limit across stored and new ones, FAQs in the manager's order,
// and replies that show on the public venue page. The rest: manager-area.test.ts.

let t: TestApp;
let http: HttpTestApp;
let manager: Awaited<ReturnType<TestApp["signUp"]>>;
let barn: { id: string };

const { post, assign, review } = withManagerArea((app) => ({ t, http, manager, barn } = app));

const png = (color: string) =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: color } })
    .png()
    .toBuffer();

async function upload(venueId: string, files: Buffer[], names = files.map((_, i) => `photo-${i}.png`)) {
  const body = new FormData();
  files.forEach((b, i) =>
    body.append("images", new Blob([new Uint8Array(b)], { type: "image/png" }), names[i]),
  );
  const res = await http.fetch(`/venue-manager/edit-venue/${venueId}/images`, {
    method: "POST",
    cookie: manager.cookie,
    body,
  });
  return { status: res.status, text: await res.text() };
}

const imagesOf = async (id: string) =>
  (await t.db.select({ images: venues.images }).from(venues).where(eq(venues.id, id)))[0]!.images;

describe("the edit page", () => {
  let venue: { id: string; name: string };
  beforeEach(async () => {
    venue = await createVenue(t.db, { name: "Juniper Lodge", categoryId: barn.id, images: [] });
    await assign(venue.id);
  });

  it("uploads through the image pipeline within 10 images counting the stored ones", async () => {
    await t.db
      .update(venues)
      .set({ images: Array.from({ length: 8 }, (_, i) => `/uploads/seed/s${i}-800.webp`) })
      .where(eq(venues.id, venue.id));
    // 8 stored + 3 new: refused, nothing stored.
    const tooMany = await upload(venue.id, [
      await png("#111111"),
      await png("#222222"),
      await png("#333333"),
    ]);
    expect(tooMany.status).toBe(400);
    expect(tooMany.text).toContain("You can only upload a maximum of 10 images");
    expect(await imagesOf(venue.id)).toHaveLength(8);

    // 8 + 2: accepted, re-encoded as WebP under venues/{id}/, after the stored ones.
    const ok = await upload(venue.id, [await png("#444444"), await png("#555555")]);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.text).toContain("2 images uploaded");
    const images = await imagesOf(venue.id);
    expect(images).toHaveLength(10);
    for (const url of images.slice(8)) {
      expect(url).toMatch(new RegExp(`^/uploads/venues/${venue.id}/[0-9a-f-]{36}-\\d+\\.webp$`));
      const key = t.storage.keyOf(url)!;
      expect((await t.storage.get(key)) !== null).toBe(true);
    }

    // Full: even one more is refused.
    const full = await upload(venue.id, [await png("#666666")]);
    expect(full.status).toBe(400);
    expect(full.text).toContain("You can only upload a maximum of 10 images");

    // Not an image: refused by content, whatever its name.
    await t.db
      .update(venues)
      .set({ images: images.slice(8) })
      .where(eq(venues.id, venue.id));
    const fake = await upload(venue.id, [Buffer.from("not an image at all")], ["holiday.png"]);
    expect(fake.status).toBe(422);
    expect(fake.text).toContain("Failed to upload images. Please try again.");
  });

  it("sets the cover, moves, and removes an image (its stored files too)", async () => {
    const uploaded = await upload(venue.id, [await png("#444444"), await png("#555555")]);
    expect(uploaded.status, uploaded.text).toBe(200);
    const [a, b] = await imagesOf(venue.id);
    const path = `/venue-manager/edit-venue/${venue.id}`;
    expect((await post(path, { intent: "image-cover", url: b! })).status).toBe(200);
    expect(await imagesOf(venue.id)).toEqual([b, a]);
    expect((await post(path, { intent: "image-move", url: b!, direction: "down" })).status).toBe(200);
    expect(await imagesOf(venue.id)).toEqual([a, b]);
    const refused = await post(path, { intent: "image-move", url: b!, direction: "down" });
    expect(refused.status).toBe(409);
    const foreign = await post(path, { intent: "image-remove", url: "/uploads/venues/other/x-800.webp" });
    expect(foreign.status).toBe(404);
    const key = t.storage.keyOf(a!)!;
    const removed = await post(path, { intent: "image-remove", url: a! });
    expect(await removed.text()).toContain("Image removed");
    expect(await imagesOf(venue.id)).toEqual([b]);
    expect((await t.storage.get(key)) !== null).toBe(false);
    expect((await t.storage.get(t.storage.keyOf(b!)!)) !== null).toBe(true);
  });

  it("adds FAQs at highest + 1 (0 first) with the spec's message for blanks, and deletes them", async () => {
    const path = `/venue-manager/edit-venue/${venue.id}`;
    const blank = await post(path, { intent: "faq-add", question: "  ", answer: "Yes" });
    expect(blank.status).toBe(400);
    expect(await blank.text()).toContain("Please provide both question and answer");
    for (const q of ["Parking?", "Catering?"]) {
      const res = await post(path, { intent: "faq-add", question: q, answer: "Yes." });
      expect(await res.text()).toContain("FAQ added successfully");
    }
    const faqs = await t.db
      .select({ id: venueFaqs.id, q: venueFaqs.question, order: venueFaqs.displayOrder })
      .from(venueFaqs)
      .where(eq(venueFaqs.venueId, venue.id))
      .orderBy(venueFaqs.displayOrder);
    expect(faqs.map((f) => [f.q, f.order])).toEqual([
      ["Parking?", 0],
      ["Catering?", 1],
    ]);
    const del = await post(path, { intent: "faq-delete", faqId: faqs[0]!.id });
    expect(await del.text()).toContain("FAQ deleted successfully");
    const public_ = await (await http.fetch(venuePath(venue))).text();
    expect(public_).toContain("Catering?");
    expect(public_).not.toContain("Parking?");
  });

  it("posts one public reply per review, shown under it on the venue page; edits replace it; a review of another venue is refused", async () => {
    const path = `/venue-manager/edit-venue/${venue.id}`;
    const r = await review(venue.id, 4, "Gorgeous lake views.");
    const other = await createVenue(t.db, { name: "Other Hall", categoryId: barn.id });
    const foreign = await review(other.id, 2, "Meh");
    const refused = await post(path, { intent: "reply-save", reviewId: foreign.id, reply: "Not yours" });
    expect(refused.status).toBe(404);
    const empty = await post(path, { intent: "reply-save", reviewId: r.id, reply: "   " });
    expect(empty.status).toBe(400);

    expect(
      await (
        await post(path, { intent: "reply-save", reviewId: r.id, reply: "Thank you, come back!" })
      ).text(),
    ).toContain("Reply published");
    expect(
      await (
        await post(path, { intent: "reply-save", reviewId: r.id, reply: "Thanks, see you soon!" })
      ).text(),
    ).toContain("Reply updated");
    const page = await (await http.fetch(venuePath(venue))).text();
    expect(page).toContain("Response from the venue");
    expect(page).toContain("Thanks, see you soon!");
    expect(page).not.toContain("Thank you, come back!");

    const manage = await (await http.fetch(`${path}?tab=reviews`, { cookie: manager.cookie })).text();
    expect(manage).toContain("Customer Reviews");
    expect(manage).toContain("Gorgeous lake views.");
    expect(manage).toContain("Your reply");

    expect(await (await post(path, { intent: "reply-delete", reviewId: r.id })).text()).toContain(
      "Reply removed",
    );
    const after = await (await http.fetch(venuePath(venue))).text();
    expect(after).not.toContain("Response from the venue");
    const audit = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, r.id));
    expect(audit.map((a) => a.action).sort()).toEqual([
      "review.reply",
      "review.reply",
      "review.reply_delete",
    ]);
  });
});
