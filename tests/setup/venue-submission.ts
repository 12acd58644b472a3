import { sql } from "drizzle-orm";
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { vi } from "vitest";
import { venueAmenities } from "../../database/schema";
import { queryRows } from "../../app/infra/db.server";
import { createCategory } from "./factories";
import { withHttpApp, type HttpTestApp } from "./http-app";
import { type TestApp } from "./test-app";

// What the venue submission tests share (venue-submission, venue-submission-refusals): each file
// its own app and database.

type Account = Awaited<ReturnType<TestApp["signUp"]>>;

export const photo = (width = 1200, height = 800, format: "jpeg" | "png" | "gif" | "webp" = "jpeg") =>
  sharp({ create: { width, height, channels: 3, background: { r: 120, g: 160, b: 90 } } })
    .toFormat(format)
    .toBuffer();

export type Upload = { field: "images" | "logo"; name: string; bytes: Buffer; type?: string };

/**
 * The opening of an iPhone's HEIC photo: an `ftyp` box (major brand heic, compatible mif1 and
 * heic), then the `meta` box sharp's libvips cannot decode for want of a HEVC decoder.
 */
export const HEIC = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from("ftypheic", "latin1"),
  Buffer.from([0, 0, 0, 0]),
  Buffer.from("mif1heic", "latin1"),
  Buffer.from([0, 0, 0x01, 0x00]),
  Buffer.from("meta", "latin1"),
  Buffer.alloc(248, 0x11),
]);

export const FIELDS = {
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

export function body(fields: Record<string, string | string[]>, uploads: Upload[] = []): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) form.append(k, one);
  for (const u of uploads)
    form.append(u.field, new Blob([new Uint8Array(u.bytes)], { type: u.type ?? "image/jpeg" }), u.name);
  return form;
}

/**
 * The file's app over HTTP with a user ("Sam Submitter"), an admin, a venue type and three
 * amenities, handed to `ready`, and the helpers that submit venues and count what was stored.
 */
export function withSubmissionApp(
  ready: (app: { t: TestApp; web: HttpTestApp; user: Account; admin: Account; categoryId: string }) => void,
) {
  // Images are encoded for real (sharp): on a busy two-core machine a submission can take seconds.
  vi.setConfig({ testTimeout: 90_000 });

  let t: TestApp;
  let web: HttpTestApp;
  let user: Account;
  let categoryId: string;

  withHttpApp(
    async (app) => {
      ({ t, http: web } = app);
      user = await t.signUp({ name: "Sam Submitter" });
      const admin = await t.signUp({ name: "Ada Admin", role: "admin" });
      categoryId = (await createCategory(t.db, { name: "Barn" })).id;
      await t.db
        .insert(venueAmenities)
        .values([{ name: "WiFi" }, { name: "Bridal Suite" }, { name: "Parking" }]);
      ready({ t, web, user, admin, categoryId });
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

  return { uploadsDir, storedFiles, venueCount, submit };
}
