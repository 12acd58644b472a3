import { eq, sql } from "drizzle-orm";
import os from "node:os";
import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";
import { venueAmenities, venueManagers, venues } from "../../database/schema";
import { decodeQueue, MAX_FORM_PIXELS } from "../../app/infra/images.server";
import { uploadMessages } from "../../app/lib/uploads";
import { toAppUser, type AppUser } from "../../app/lib/user";
import {
  changeVenueImage,
  updateManagedVenue,
  uploadVenueImages,
} from "../../app/services/manager-venues.server";
import { LIMITS } from "../../app/services/rate-limit.server";
import { SUBMISSION_LIMITS, submitVenue } from "../../app/services/submissions.server";
import { readVenueUpload } from "../../app/services/venue-files.server";
import { createCategory, createVenue, multipartBody, submissionFields } from "../setup/factories";
import { withHttpApp, type HttpTestApp } from "../setup/http-app";
import { SITE_URL, type TestApp } from "../setup/test-app";

// Issue 21, items 1 and 2: an upload's cost is checked cheapest first (the account's limit before
// the body is read, the fields and the image headers before any pixel is decoded, the pixels of
// a whole form capped), and a details save never writes back a stale photo list. The figures
// (a page's p95 while hostile uploads run) are `npm run bench:uploads`'s.

let t: TestApp;
let http: HttpTestApp;
let manager: AppUser;
let owner: Awaited<ReturnType<TestApp["signUp"]>>;
let categoryId: string;

const png = (width: number, height: number, color = "#7a9") =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();

/** A POST whose body stops before its last bytes until `release()`: `midway` resolves once the server asks for them. */
async function heldRequest(path: string, body: FormData, cookie?: string) {
  const encoded = new Response(body);
  const bytes = new Uint8Array(await encoded.arrayBuffer());
  const cut = bytes.length - 64;
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let reachedMidway!: () => void;
  const midway = new Promise<void>((r) => (reachedMidway = r));
  let pulls = 0;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      pulls++;
      if (pulls === 1) return controller.enqueue(bytes.slice(0, cut));
      reachedMidway();
      await released;
      controller.enqueue(bytes.slice(cut));
      controller.close();
    },
  });
  const headers = new Headers({ "content-type": encoded.headers.get("content-type")!, origin: SITE_URL });
  if (cookie) headers.set("cookie", cookie);
  const request = new Request(`${SITE_URL}${path}`, {
    method: "POST",
    headers,
    body: stream,
    duplex: "half",
  } as RequestInit);
  return { request, midway, release };
}

withHttpApp(
  async (app) => {
    ({ t, http } = app);
    owner = await t.signUp({ name: "Olive Owner" });
    const m = await t.signUp({ role: "venue_manager", name: "Morgan Manager" });
    manager = toAppUser({ id: m.id, name: "Morgan Manager", email: m.email, role: "venue_manager" });
    categoryId = (await createCategory(t.db, { name: "Barn" })).id;
    await t.db.insert(venueAmenities).values([{ name: "WiFi" }]);
  },
  { timeout: 120_000 },
);

describe("cheap checks before any decoding", () => {
  it("answers an account at its submission limit before reading its body", async () => {
    // An account of its own: the owner's submissions in the other tests keep their own count.
    const owner = await t.signUp({ name: "Lena Limited" });
    await t.db.execute(
      sql`insert into rate_limits (key, count, reset_at)
          values (${`venue-submit:${owner.id}`}, ${LIMITS.venueSubmissionUser.max}, now() + interval '1 hour')`,
    );
    try {
      // The body never ends: only an answer that does not wait for it can arrive.
      const endless = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(
            new TextEncoder().encode('--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nA'),
          );
        },
      });
      const res = await http.fetch("/api/venue-submissions", {
        method: "POST",
        cookie: owner.cookie,
        headers: { "content-type": "multipart/form-data; boundary=x" },
        body: endless,
        duplex: "half",
      } as RequestInit & { cookie: string });
      expect(res.status).toBe(429);
      expect(await res.text()).toContain("You have submitted many venues today. Please try again tomorrow.");
    } finally {
      await t.db.execute(sql`delete from rate_limits where key = ${`venue-submit:${owner.id}`}`);
    }
  });

  it("refuses invalid fields without decoding a single image", async () => {
    const run = vi.spyOn(decodeQueue, "run");
    try {
      const photo = await png(1200, 800);
      const fields = { ...submissionFields(categoryId), name: "" };
      const body = multipartBody(
        fields,
        [0, 1, 2].map((i) => ({ field: "images", bytes: photo, name: `p${i}.png` })),
      );
      const user = toAppUser({ id: owner.id, name: "Olive Owner", email: owner.email, role: "user" });
      const request = new Request(`${SITE_URL}/api/venue-submissions`, { method: "POST", body });
      const result = await submitVenue(t.app, user, request);
      expect(result).toMatchObject({ ok: false, status: 400, errors: { name: expect.any(String) } });
      expect(run).not.toHaveBeenCalled();

      // The same form, valid: each image is decoded once, through the queue, as its submitter.
      const valid = multipartBody(
        submissionFields(categoryId),
        [0, 1].map((i) => ({ field: "images", bytes: photo, name: `p${i}.png` })),
      );
      const ok = await submitVenue(
        t.app,
        user,
        new Request(`${SITE_URL}/api/venue-submissions`, { method: "POST", body: valid }),
      );
      expect(ok).toMatchObject({ ok: true, images: { stored: 2, total: 2 } });
      expect(run).toHaveBeenCalledTimes(2);
      expect(run.mock.calls.every(([who]) => who === owner.id)).toBe(true);
    } finally {
      run.mockRestore();
    }
  });

  it("caps the pixels of one form from the headers: the photos past the cap are refused by name", async () => {
    // Five 49-megapixel PNGs fill the form's 250 megapixels; the sixth is past it.
    const huge = await png(7000, 7000);
    const count = Math.floor(MAX_FORM_PIXELS / 49_000_000) + 1;
    const files = Array.from({ length: count }, (_, i) => ({
      field: "images",
      bytes: huge,
      name: `big-${i}.png`,
    }));
    const body = multipartBody(submissionFields(categoryId), files);
    const upload = await readVenueUpload(
      t.app,
      new Request(`${SITE_URL}/api/venue-submissions`, { method: "POST", body }),
      SUBMISSION_LIMITS,
    );
    if (!upload.ok) throw upload.refusal;
    expect(upload.images.filter((p) => "image" in p)).toHaveLength(count - 1);
    expect(upload.images.at(-1)).toEqual({
      field: "images",
      name: `big-${count - 1}.png`,
      failure: uploadMessages.formPixels(`big-${count - 1}.png`, MAX_FORM_PIXELS),
    });
  }, 60_000);
});

describe("the decode queue", () => {
  it("runs at most its slots at once, and lets a second user's photo in before the first user's queue is done", async () => {
    const order: string[] = [];
    let active = 0;
    let most = 0;
    const job = (who: string) => () =>
      new Promise<void>((resolve) => {
        active++;
        most = Math.max(most, active);
        order.push(who);
        setImmediate(() => {
          active--;
          resolve();
        });
      });
    const first = Array.from({ length: 6 }, () => decodeQueue.run("first", job("first")));
    const second = decodeQueue.run("second", job("second"));
    await Promise.all([...first, second]);
    expect(most).toBe(Math.max(1, os.availableParallelism() - 1));
    // The second user waits for at most the first user's jobs already started, not all six.
    expect(order.indexOf("second")).toBeLessThan(order.lastIndexOf("first"));
  });
});

describe("a details save racing the Images tab (issue 21, item 2)", () => {
  const details = (name: string) =>
    multipartBody(
      {
        ...submissionFields(categoryId),
        name,
        phone: "",
        email: "",
        latitude: "",
        longitude: "",
        keepLogo: "",
      },
      [],
    );

  async function managedVenue() {
    const venue = await createVenue(t.db, { name: "Juniper Lodge", categoryId });
    await t.db.insert(venueManagers).values({ userId: manager.id, venueId: venue.id });
    return venue;
  }

  async function uploadTwo(venueId: string) {
    const body = multipartBody({}, [
      { field: "images", bytes: await png(900, 600, "#345"), name: "a.png" },
      { field: "images", bytes: await png(900, 600, "#543"), name: "b.png" },
    ]);
    const result = await uploadVenueImages(
      t.app,
      manager,
      venueId,
      new Request(`${SITE_URL}/venue-manager/edit-venue/${venueId}/images`, { method: "POST", body }),
    );
    expect(result).toMatchObject({ ok: true, added: 2 });
  }

  const imagesOf = async (id: string) =>
    (await t.db.select({ images: venues.images }).from(venues).where(eq(venues.id, id)))[0]!.images;

  it("keeps photos uploaded while the form was being read", async () => {
    const venue = await managedVenue();
    const held = await heldRequest(`/venue-manager/edit-venue/${venue.id}`, details("Juniper Lodge & Lake"));
    const saving = updateManagedVenue(t.app, manager, venue.id, held.request);
    await held.midway;
    await uploadTwo(venue.id);
    const uploaded = await imagesOf(venue.id);
    held.release();
    expect(await saving).toMatchObject({ ok: true });
    expect(await imagesOf(venue.id)).toEqual(uploaded);
    expect(uploaded).toHaveLength(2);
    // Every stored copy is still there to be served.
    for (const url of uploaded) expect((await http.fetch(url)).status).toBe(200);
  });

  it("does not bring back a photo removed while the form was being read", async () => {
    const venue = await managedVenue();
    await uploadTwo(venue.id);
    const [gone, kept] = await imagesOf(venue.id);
    const held = await heldRequest(`/venue-manager/edit-venue/${venue.id}`, details("Juniper Lodge & Lake"));
    const saving = updateManagedVenue(t.app, manager, venue.id, held.request);
    await held.midway;
    expect(await changeVenueImage(t.app, manager, venue.id, gone!, "remove")).toEqual({ ok: true });
    held.release();
    expect(await saving).toMatchObject({ ok: true });
    expect(await imagesOf(venue.id)).toEqual([kept]);
    expect((await http.fetch(gone!)).status).toBe(404);
  });
});
