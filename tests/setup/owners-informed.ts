import fs from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { expect, vi } from "vitest";
import { venues } from "../../database/schema";
import { toAppUser, type AppUser } from "../../app/lib/user";
import { createCategory } from "./factories";
import { withHttpApp, type HttpTestApp } from "./http-app";
import type { TestApp } from "./test-app";

// What the owners-informed tests share (owners-informed, owners-pending-submission): each file its
// own app and database.

export const png = (color: string, side = 700) =>
  sharp({ create: { width: side, height: side, channels: 3, background: color } })
    .png()
    .toBuffer();
export const file = async (color: string, side?: number) =>
  new Blob([new Uint8Array(await png(color, side))], { type: "image/png" });

export const FIELDS = {
  description: "Waiting for review.",
  addressLine1: "4 Pine St",
  city: "Estes Park",
  postalCode: "80517",
  region: "Front Range North",
  priceType: "single",
  price: "3100",
  capacity: "90",
};

type OwnersApp = {
  t: TestApp;
  http: HttpTestApp;
  admin: Awaited<ReturnType<TestApp["signUp"]>>;
  adminUser: AppUser;
  typeId: string;
};

/**
 * The file's app over HTTP with an admin ("Ada Admin") and a venue type, handed to `ready`, and
 * the helpers that submit venues and read them back.
 */
export function withOwnersApp(ready: (app: OwnersApp) => void) {
  // Images are encoded for real (sharp): on a busy two-core machine a save can take seconds.
  vi.setConfig({ testTimeout: 90_000 });

  let t: TestApp;
  let http: HttpTestApp;
  let typeId: string;

  withHttpApp(async (app) => {
    ({ t, http } = app);
    const admin = await t.signUp({ role: "admin", name: "Ada Admin" });
    const adminUser = toAppUser({ id: admin.id, name: "Ada Admin", email: admin.email, role: "admin" });
    typeId = (await createCategory(t.db, { name: "Chalet" })).id;
    ready({ t, http, admin, adminUser, typeId });
    // The first request compiles nothing (the server build) but warms the route modules.
    await (await http.fetch("/admin/pending", { cookie: admin.cookie })).body?.cancel();
  });

  /** A pending venue through the real submission endpoint, with two images and a logo. */
  async function submit(cookie: string, name: string) {
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...FIELDS, name, category: typeId })) form.append(k, v);
    form.append("images", await file("#7a9"), "one.png");
    form.append("images", await file("#a97"), "two.png");
    form.append("logo", await file("#345", 300), "logo.png");
    const res = await http.fetch("/api/venue-submissions", { method: "POST", cookie, body: form });
    const json = (await res.json()) as { ok: boolean; venue: { id: string } };
    expect(json.ok).toBe(true);
    return (await venueRow(json.venue.id))!;
  }

  const venueRow = async (id: string) => (await t.db.select().from(venues).where(eq(venues.id, id)))[0];

  /** Every file stored under the venue's folder (the fs storage of the test app). */
  async function storedFiles(venueId: string): Promise<string[]> {
    const dir = path.join(t.config.dataDir, "uploads", "venues", venueId);
    try {
      return (await fs.readdir(dir, { recursive: true, withFileTypes: true }))
        .filter((e) => e.isFile())
        .map((e) => e.name)
        .sort();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw err;
    }
  }

  return { submit, venueRow, storedFiles };
}
