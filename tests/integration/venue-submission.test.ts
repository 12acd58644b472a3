// Venue submission (issue 11) over real HTTP: the streaming multipart reader, the image pipeline,
// the stored row, the files and the mails. The refusals: venue-submission-refusals.test.ts.
import { eq } from "drizzle-orm";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { venues } from "../../database/schema";
import { MAX_INPUT_PIXELS, prepareImage } from "../../app/infra/images.server";
import { HEIC_REFUSAL } from "../../app/lib/uploads";
import type { HttpTestApp } from "../setup/http-app";
import { FIELDS, HEIC, photo, withSubmissionApp, type Upload } from "../setup/venue-submission";
import { type TestApp } from "../setup/test-app";

let t: TestApp;
let web: HttpTestApp;
let user: Awaited<ReturnType<TestApp["signUp"]>>;
let admin: Awaited<ReturnType<TestApp["signUp"]>>;
let categoryId: string;

const { uploadsDir, storedFiles, submit } = withSubmissionApp(
  (app) => ({ t, web, user, admin, categoryId } = app),
);

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
