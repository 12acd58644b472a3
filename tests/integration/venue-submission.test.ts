// Venue submission (issue 11) over real HTTP: the streaming multipart reader, the image pipeline,
// the stored row, the files, the mails and the refusals.
import { eq, sql } from "drizzle-orm";
import fs from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";
import { venueAmenities, venues } from "../../database/schema";
import { queryRows } from "../../app/infra/db.server";
import { MAX_INPUT_PIXELS, prepareImage } from "../../app/infra/images.server";
import { HEIC_REFUSAL } from "../../app/lib/uploads";
import { SUBMISSION_BODY_LIMIT } from "../../app/infra/form.server";
import { createCategory } from "../setup/factories";
import { withHttpApp, type HttpTestApp } from "../setup/http-app";
import { type TestApp } from "../setup/test-app";

// Images are encoded for real (sharp): on a busy two-core machine a submission can take seconds.
vi.setConfig({ testTimeout: 90_000 });

let t: TestApp;
let web: HttpTestApp;
let user: Awaited<ReturnType<TestApp["signUp"]>>;
let admin: Awaited<ReturnType<TestApp["signUp"]>>;
let categoryId: string;

withHttpApp(
  async (app) => {
    ({ t, http: web } = app);
    user = await t.signUp({ name: "Sam Submitter" });
    admin = await t.signUp({ name: "Ada Admin", role: "admin" });
    categoryId = (await createCategory(t.db, { name: "Barn" })).id;
    await t.db
      .insert(venueAmenities)
      .values([{ name: "WiFi" }, { name: "Bridal Suite" }, { name: "Parking" }]);
  },
  { timeout: 120_000 },
);

const uploadsDir = () => path.join(t.config.dataDir, "uploads");
/** The stored files of every venue, or of one venue (the other tests store files of their own). */
async function storedFiles(venueId = ""): Promise<string[]> {
  const dir = path.join(uploadsDir(), "venues", venueId);
  try {
    return (await fs.readdir(dir, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
  } catch {
    return [];
  }
}
async function venueCount(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from venues`);
  return row!.n;
}

const photo = (width = 1200, height = 800, format: "jpeg" | "png" | "gif" | "webp" = "jpeg") =>
  sharp({ create: { width, height, channels: 3, background: { r: 120, g: 160, b: 90 } } })
    .toFormat(format)
    .toBuffer();

type Upload = { field: "images" | "logo"; name: string; bytes: Buffer; type?: string };

/**
 * The opening of an iPhone's HEIC photo: an `ftyp` box (major brand heic, compatible mif1 and
 * heic), then the `meta` box sharp's libvips cannot decode for want of a HEVC decoder.
 */
const HEIC = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from("ftypheic", "latin1"),
  Buffer.from([0, 0, 0, 0]),
  Buffer.from("mif1heic", "latin1"),
  Buffer.from([0, 0, 0x01, 0x00]),
  Buffer.from("meta", "latin1"),
  Buffer.alloc(248, 0x11),
]);

const FIELDS = {
  name: "Aspen Meadow Barn",
  description: "A restored barn in a high meadow.",
  addressLine1: "12 Ridge Rd",
  addressLine2: "Barn B",
  city: "Boulder",
  state: "Colorado",
  postalCode: "80302",
  region: "Front Range North",
  priceType: "single",
  price: "4500",
  priceRange: "",
  capacity: "150",
  website: "www.aspenmeadow.example",
};

function body(fields: Record<string, string | string[]>, uploads: Upload[] = []): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) form.append(k, one);
  for (const u of uploads)
    form.append(u.field, new Blob([new Uint8Array(u.bytes)], { type: u.type ?? "image/jpeg" }), u.name);
  return form;
}

async function submit(
  fields: Record<string, string | string[]>,
  uploads: Upload[] = [],
  cookie: string | null = user.cookie,
) {
  const res = await web.fetch("/api/venue-submissions", {
    method: "POST",
    cookie: cookie ?? undefined,
    body: body({ category: categoryId, ...fields }, uploads),
  });
  return { status: res.status, json: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

describe("the image pipeline", () => {
  it("strips EXIF (GPS included) and every other metadata block", async () => {
    const withGps = await sharp(await photo(800, 600))
      .withExif({
        IFD0: { Make: "TestCam", Copyright: "Someone" },
        IFD3: {
          GPSLatitudeRef: "N",
          GPSLatitude: "39/1 44/1 0/1",
          GPSLongitudeRef: "W",
          GPSLongitude: "104/1 59/1 0/1",
        },
      })
      .jpeg()
      .toBuffer();
    const before = await sharp(withGps).metadata();
    expect(before.exif?.includes(Buffer.from("TestCam"))).toBe(true);
    expect(
      before.exif?.includes(Buffer.from([0x88, 0x25])) || before.exif?.includes(Buffer.from([0x25, 0x88])),
    ).toBe(true);

    const { variants } = await prepareImage(withGps);
    expect(variants.map((v) => v.width)).toEqual([400, 800, 1600]);
    for (const v of variants) {
      const meta = await sharp(v.body).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(v.body.includes(Buffer.from("Exif"))).toBe(false);
      expect(v.body.includes(Buffer.from("TestCam"))).toBe(false);
    }
  });

  it("never enlarges a small original, and takes PNG, GIF and WebP", async () => {
    const { variants } = await prepareImage(await photo(300, 200, "png"));
    for (const v of variants) expect((await sharp(v.body).metadata()).width).toBe(300);
    for (const format of ["gif", "webp"] as const)
      expect((await prepareImage(await photo(500, 300, format))).variants).toHaveLength(3);
  });

  it("tells a HEIC photo from AVIF, which shares its container, and from a file that is no image", async () => {
    await expect(prepareImage(HEIC)).rejects.toThrow(HEIC_REFUSAL);
    // A real AVIF (major brand avif, compatible mif1): not a HEIC, and not one of the four formats.
    const avif = await sharp(await photo(64, 64))
      .avif()
      .toBuffer();
    expect(avif.subarray(4, 12).toString("latin1")).toBe("ftypavif");
    await expect(prepareImage(avif)).rejects.toThrow("is not an image file");
  });

  it("refuses by content whatever the name says, and decompression bombs", async () => {
    await expect(prepareImage(Buffer.from("just text, renamed .jpg"))).rejects.toThrow(
      "is not an image file",
    );
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    await expect(prepareImage(svg)).rejects.toThrow("is not an image file");
    const jpeg = await photo(400, 300);
    await expect(prepareImage(jpeg.subarray(0, 600))).rejects.toThrow("is not an image file");
    // A tiny PNG that claims a canvas above the pixel cap.
    const side = Math.ceil(Math.sqrt(MAX_INPUT_PIXELS)) + 100;
    const bomb = await sharp({
      create: { width: side, height: side, channels: 3, background: { r: 0, g: 0, b: 0 } },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.byteLength).toBeLessThan(5 * 1024 * 1024);
    await expect(prepareImage(bomb)).rejects.toThrow(/too large an image/);
  });
});

describe("a complete submission", () => {
  it("stores the venue as specified: location, price, coordinates, pending, images and logo", async () => {
    const images = await Promise.all([photo(), photo(1600, 1067), photo(900, 600, "png")]);
    const logo = await sharp({
      create: { width: 600, height: 600, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const { status, json } = await submit({ ...FIELDS, amenities: ["WiFi", "bridal suite", "Moat"] }, [
      ...images.map((bytes, i): Upload => ({ field: "images", name: `photo-${i}.jpg`, bytes })),
      { field: "logo", name: "logo.png", bytes: logo, type: "image/png" },
    ]);
    expect(status).toBe(200);
    expect(json).toMatchObject({
      ok: true,
      toast: { type: "success", message: "Venue submitted for approval" },
      notices: [],
      redirectTo: "/account/venues",
    });
    const [row] = await t.db.select().from(venues).where(eq(venues.id, json.venue.id));
    expect(row).toMatchObject({
      name: "Aspen Meadow Barn",
      location: "12 Ridge Rd, Barn B, Boulder, Colorado 80302",
      addressLine1: "12 Ridge Rd",
      addressLine2: "Barn B",
      city: "Boulder",
      postalCode: "80302",
      region: "Front Range North",
      pricePerEvent: 4500,
      priceRange: null,
      priceLow: null,
      priceHigh: null,
      capacity: 150,
      categoryId,
      amenities: [
        { name: "WiFi", included: true },
        { name: "Bridal Suite", included: true },
      ],
      website: "www.aspenmeadow.example",
      rating: 0,
      reviewCount: 0,
      isApproved: false,
      userId: user.id,
      // The offline geocoder: the centroid of ZIP code 80302.
      latitude: 40.0172,
      longitude: -105.2851,
    });
    expect(json.venue.path).toBe(`/venue/aspen-meadow-barn-${row!.id}`);

    // Keys are generated under the venue's id, never the visitor's file names.
    expect(row!.images).toHaveLength(3);
    for (const url of row!.images)
      expect(url).toMatch(new RegExp(`^/uploads/venues/${row!.id}/[0-9a-f-]{36}-1600\\.webp$`));
    expect(row!.logoUrl).toMatch(new RegExp(`^/uploads/venues/${row!.id}/logo-[0-9a-f-]{36}-256\\.webp$`));
    const files = await storedFiles(row!.id);
    expect(files).toHaveLength(3 * 3 + 1);
    expect(files.join(" ")).not.toMatch(/photo|logo\.png/);
    const logoMeta = await sharp(path.join(uploadsDir(), row!.logoUrl!.slice("/uploads/".length))).metadata();
    expect([logoMeta.format, logoMeta.width, logoMeta.height, logoMeta.hasAlpha]).toEqual([
      "webp",
      256,
      256,
      true,
    ]);

    // Served with a year-long immutable cache.
    const served = await web.fetch(row!.images[0]!.replace("-1600.webp", "-400.webp"));
    expect(served.status).toBe(200);
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(400);
  });

  it("a price range keeps the text and its bounds, never a single price; admins go to /admin/pending", async () => {
    const { json } = await submit(
      { ...FIELDS, name: "Range Ranch", priceType: "range", price: "999", priceRange: "$2,000-5,000" },
      [],
      admin.cookie,
    );
    expect(json.redirectTo).toBe("/admin/pending");
    const [row] = await t.db.select().from(venues).where(eq(venues.id, json.venue.id));
    expect(row).toMatchObject({
      pricePerEvent: null,
      priceRange: "$2,000-5,000",
      priceLow: 2000,
      priceHigh: 5000,
    });
    expect(row!.images).toEqual([]);
    expect(row!.logoUrl).toBeNull();
  });

  it("stores a valid phone and email; both are optional (issue 22)", async () => {
    const { json } = await submit({
      ...FIELDS,
      name: "Reachable Barn",
      phone: " +1 (970) 555-0123 ext. 4 ",
      email: " events@reachable.example ",
    });
    const [row] = await t.db.select().from(venues).where(eq(venues.id, json.venue.id));
    expect(row).toMatchObject({ phone: "+1 (970) 555-0123 ext. 4", email: "events@reachable.example" });
    const bare = await submit({ ...FIELDS, name: "Quiet Barn", phone: "", email: "" });
    const [none] = await t.db.select().from(venues).where(eq(venues.id, bare.json.venue.id));
    expect(none).toMatchObject({ phone: null, email: null });
  });

  it("mails a confirmation to the submitter and a notice to every admin", async () => {
    const other = await t.signUp({ name: "Otto Admin", role: "admin" });
    const { json } = await submit({ ...FIELDS, name: "Mailed Meadow" });
    expect(json.ok).toBe(true);
    const confirmation = t.mail.messages.find(
      (m) => m.to.includes(user.email) && /Mailed Meadow/.test(m.subject),
    );
    expect(confirmation?.subject).toBe("We received your venue: Mailed Meadow");
    expect(confirmation?.text).toContain("http://localhost:3000/account/venues");
    for (const a of [admin, other]) {
      // This submission's notice: the admin has others' notices too, whatever ran before.
      const notice = await t.mail.waitFor(a.email, 10_000, /Mailed Meadow/);
      expect(notice.subject).toBe("New venue awaiting approval: Mailed Meadow");
      expect(notice.text).toContain("Sam Submitter");
      expect(notice.text).toContain("http://localhost:3000/admin/pending");
    }
  });
});

describe("refusals", () => {
  it("a guest's upload or submission is refused with 401 and writes nothing", async () => {
    const [before, files] = [await venueCount(), await storedFiles()];
    const { status, json } = await submit(
      FIELDS,
      [{ field: "images", name: "a.jpg", bytes: await photo() }],
      null,
    );
    expect(status).toBe(401);
    expect(json.toast).toEqual({ type: "error", message: "You must be logged in to submit a venue" });
    expect(await venueCount()).toBe(before);
    expect(await storedFiles()).toEqual(files);
    // A cross-site post, signed in or not, is refused before the app sees it.
    const cross = await web.fetch("/api/venue-submissions", {
      method: "POST",
      cookie: user.cookie,
      headers: { origin: "https://evil.example" },
      body: body({ ...FIELDS, category: categoryId }),
    });
    expect(cross.status).toBe(403);
    expect(await venueCount()).toBe(before);
  });

  it("the required fields, on the server too", async () => {
    const before = await venueCount();
    for (const field of ["name", "addressLine1", "city", "postalCode", "region"] as const) {
      const { status, json } = await submit({ ...FIELDS, [field]: "" });
      expect(status, field).toBe(400);
      expect(json.errors).toEqual({ [field]: "Please fill in all required fields" });
      expect(json.values.name).toBe(field === "name" ? "" : FIELDS.name);
    }
    const noType = await submit({ ...FIELDS, category: "" });
    expect(noType.json.errors).toEqual({ category: "Please fill in all required fields" });
    const unknownType = await submit({ ...FIELDS, category: crypto.randomUUID() });
    expect(unknownType.json.errors).toEqual({ category: "Please choose a venue type from the list" });
    expect(await venueCount()).toBe(before);
    expect(await storedFiles()).not.toContain(expect.stringContaining("undefined"));
  });

  it("a phone that is not one and a bad email, with clear messages; nothing written, not even the images", async () => {
    const [before, files] = [await venueCount(), await storedFiles()];
    const { status, json } = await submit({ ...FIELDS, phone: "call us maybe!!", email: "events@nowhere" }, [
      { field: "images", name: "a.jpg", bytes: await photo() },
    ]);
    expect(status).toBe(400);
    expect(json.errors).toEqual({
      phone: "Please enter a phone number, such as (303) 555-0100",
      email: "Please enter a valid email address, such as events@yourvenue.com",
    });
    expect(json.values).toMatchObject({ phone: "call us maybe!!", email: "events@nowhere" });
    expect(await venueCount()).toBe(before);
    expect(await storedFiles()).toEqual(files);
  });

  it("a text file renamed .jpg is not an image: the others are kept, with the spec's partial-failure notice", async () => {
    const { status, json } = await submit({ ...FIELDS, name: "Partly Pictured" }, [
      { field: "images", name: "one.jpg", bytes: await photo() },
      { field: "images", name: "notes.jpg", bytes: Buffer.from("these are my notes, not a photo") },
      { field: "images", name: "two.jpg", bytes: await photo() },
    ]);
    expect(status).toBe(200);
    expect(json.notices).toEqual([
      {
        type: "error",
        message: "1 out of 3 images failed to upload.",
        description: "Some images could not be uploaded",
        duration: 5000,
      },
      { type: "error", message: "notes.jpg is not an image file" },
    ]);
    const [row] = await t.db.select().from(venues).where(eq(venues.id, json.venue.id));
    expect(row!.images).toHaveLength(2);
  });

  it("a HEIC photo (an iPhone's) is refused by its brand, saying how to send it, never 'not an image file'; nothing written", async () => {
    const [before, files] = [await venueCount(), await storedFiles()];
    const { status, json } = await submit({ ...FIELDS, name: "iPhone Meadow" }, [
      { field: "images", name: "IMG_0042.HEIC", bytes: HEIC, type: "image/heic" },
      // Renamed and typed as a JPEG: its bytes still tell.
      { field: "images", name: "ceremony.jpg", bytes: HEIC },
    ]);
    expect(status).toBe(422);
    expect(json.toast).toEqual({ type: "error", message: "Failed to upload images. Please try again." });
    expect(json.errors.images).toBe(`IMG_0042.HEIC ${HEIC_REFUSAL}. ceremony.jpg ${HEIC_REFUSAL}`);
    expect(json.errors.images).not.toContain("not an image file");
    expect(HEIC_REFUSAL).toContain('choose "Most Compatible" in Settings → Camera → Formats');
    expect(await venueCount()).toBe(before);
    expect(await storedFiles()).toEqual(files);
    const [pending] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from pending_files`);
    expect(pending!.n).toBe(0);
  });

  it("when every image fails nothing is saved: 'Failed to upload images. Please try again.'", async () => {
    const [before, files] = [await venueCount(), await storedFiles()];
    const { status, json } = await submit(FIELDS, [
      { field: "images", name: "a.jpg", bytes: Buffer.from("nope") },
      { field: "images", name: "b.gif", bytes: Buffer.from("GIF89a but not really") },
    ]);
    expect(status).toBe(422);
    expect(json.toast).toEqual({ type: "error", message: "Failed to upload images. Please try again." });
    expect(json.errors.images).toBe("a.jpg is not an image file. b.gif is not an image file");
    expect(await venueCount()).toBe(before);
    expect(await storedFiles()).toEqual(files);
  });

  it("a 6 MB image is cut off while it streams in and refused by name; the rest is kept", async () => {
    const big = Buffer.concat([await photo(), Buffer.alloc(6 * 1024 * 1024, 7)]);
    const { status, json } = await submit({ ...FIELDS, name: "Big Picture Barn" }, [
      { field: "images", name: "huge.jpg", bytes: big },
      { field: "images", name: "fine.jpg", bytes: await photo() },
    ]);
    expect(status).toBe(200);
    expect(json.notices[1]).toEqual({ type: "error", message: "huge.jpg exceeds 5MB size limit" });
    const [row] = await t.db.select().from(venues).where(eq(venues.id, json.venue.id));
    expect(row!.images).toHaveLength(1);
  });

  it("an 11th image stops the upload: 'You can only upload a maximum of 10 images', nothing written", async () => {
    const [before, files] = [await venueCount(), await storedFiles()];
    const one = await photo(400, 300);
    const { status, json } = await submit(
      FIELDS,
      Array.from({ length: 11 }, (_, i): Upload => ({ field: "images", name: `p${i}.jpg`, bytes: one })),
    );
    expect(status).toBe(400);
    expect(json.errors).toEqual({ images: "You can only upload a maximum of 10 images" });
    const logos = await submit(FIELDS, [
      { field: "logo", name: "a.png", bytes: one },
      { field: "logo", name: "b.png", bytes: one },
    ]);
    expect(logos.json.errors).toEqual({ logo: "You can only upload one logo" });
    expect(await venueCount()).toBe(before);
    expect(await storedFiles()).toEqual(files);
  });

  it("the body limit is per path: a declared body over the submission limit is refused unread, forms keep 100 KB", async () => {
    const declare = (pathname: string, length: number) =>
      new Promise<number>((resolve, reject) => {
        const req = http.request(`${web.origin}${pathname}`, {
          method: "POST",
          headers: {
            "content-type": "multipart/form-data; boundary=x",
            "content-length": String(length),
            origin: web.origin,
            cookie: user.cookie,
          },
        });
        req.on("response", (r) => {
          resolve(r.statusCode!);
          req.destroy();
        });
        req.on("error", reject);
        req.write("--x\r\n");
      });
    expect(await declare("/api/venue-submissions", SUBMISSION_BODY_LIMIT + 1)).toBe(413);
    expect(await declare("/login", 200 * 1024)).toBe(413);
    // Under the submission limit the body is read (and here found broken: 400, not 413).
    const res = await web.fetch("/api/venue-submissions", {
      method: "POST",
      cookie: user.cookie,
      headers: { "content-type": "multipart/form-data; boundary=x" },
      body: `--x\r\nContent-Disposition: form-data; name="images"; filename="a.jpg"\r\n\r\n${"a".repeat(300 * 1024)}`,
    });
    expect(res.status).toBe(400);
  });

  it("an undeclared (chunked) body stops at the submission limit while it streams", async () => {
    const before = await venueCount();
    const chunk = Buffer.alloc(256 * 1024, "a");
    let sent = 0;
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(`${web.origin}/api/venue-submissions`, {
        method: "POST",
        headers: {
          "content-type": "multipart/form-data; boundary=x",
          origin: web.origin,
          cookie: user.cookie,
        },
      });
      req.on("response", (r) => {
        resolve(r.statusCode!);
        req.destroy();
      });
      req.on("error", (err) => (sent > 0 ? resolve(-1) : reject(err)));
      req.write('--x\r\nContent-Disposition: form-data; name="description"\r\n\r\n');
      const pump = () => {
        while (sent < 400 * 1024 * 1024) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once("drain", pump);
        }
        req.end();
      };
      pump();
    });
    expect([413, -1]).toContain(status);
    expect(sent).toBeLessThan(SUBMISSION_BODY_LIMIT + 64 * 1024 * 1024);
    expect(await venueCount()).toBe(before);
    expect((await web.fetch("/healthz")).status).toBe(200);
  });

  it("a failed database insert leaves no orphan files", async () => {
    const [before, files] = [await venueCount(), await storedFiles()];
    await t.db.execute(sql`
      create function refuse_venue_insert() returns trigger language plpgsql as
      $$ begin raise exception 'insert refused by the test'; end $$`);
    await t.db.execute(sql`
      create trigger refuse_venue_insert before insert on venues
      for each row execute function refuse_venue_insert()`);
    try {
      const { status, json } = await submit({ ...FIELDS, name: "Never Saved Hall" }, [
        { field: "images", name: "a.jpg", bytes: await photo() },
        { field: "images", name: "b.jpg", bytes: await photo() },
        { field: "images", name: "c.jpg", bytes: await photo() },
        { field: "logo", name: "l.png", bytes: await photo(300, 300, "png") },
      ]);
      expect(status).toBe(500);
      expect(json.toast).toEqual({ type: "error", message: "Error submitting venue" });
    } finally {
      await t.db.execute(sql`drop trigger refuse_venue_insert on venues`);
      await t.db.execute(sql`drop function refuse_venue_insert()`);
    }
    expect(await venueCount()).toBe(before);
    expect(await storedFiles()).toEqual(files);
  });

  it("GET gives the form's choices: venue types and amenities by name", async () => {
    const res = await web.fetch("/api/venue-submissions");
    const json = (await res.json()) as { venueTypes: { name: string }[]; amenities: { name: string }[] };
    expect(json.venueTypes.map((c) => c.name)).toEqual(["Barn"]);
    expect(json.amenities.map((a) => a.name)).toEqual(["Bridal Suite", "Parking", "WiFi"]);
  });
});
