// The S3 storage driver (issue 11) against a real S3-compatible server started here on
// 127.0.0.1 (s3rver, which speaks the S3 REST API with signature checks), through the official
// AWS SDK v3, and a whole venue submission with STORAGE=s3 settings.
import crypto from "node:crypto";
import fs from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import sharp from "sharp";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { venues } from "../../database/schema";
import { loadConfig, type S3Settings } from "../../app/infra/config.server";
import { createStorage, StorageConflictError, type Storage } from "../../app/infra/storage.server";
import { checkStorage, deleteFiles } from "../../app/services/pending-files.server";
import { createCategory, jpegOf, postSubmission, submissionFields } from "../setup/factories";
import { startHttpApp, type HttpTestApp } from "../setup/http-app";
import { createTestApp, type TestApp } from "../setup/test-app";

const BUCKET = "vv-images";
let s3: S3rver;
let endpoint: string;
let dir: string;
let storage: Storage;
let s3Settings: S3Settings;
let t: TestApp;
let web: HttpTestApp;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "vv-s3rver-"));
  s3 = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: BUCKET }],
  });
  const address = (await s3.run()) as AddressInfo;
  endpoint = `http://127.0.0.1:${address.port}`;
  const config = loadConfig({
    STORAGE: "s3",
    S3_ENDPOINT: endpoint,
    S3_BUCKET: BUCKET,
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_PUBLIC_URL: `${endpoint}/${BUCKET}`,
  });
  if (config.storage.driver === "s3") s3Settings = config.storage.s3;
  storage = createStorage(config);
  t = await createTestApp();
  t.app.storage = storage;
  web = await startHttpApp(t);
}, 120_000);
afterAll(async () => {
  await web?.close();
  await t?.close();
  await s3?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe("S3 storage (s3rver on 127.0.0.1)", () => {
  it("STORAGE=s3 needs a bucket and a public URL", () => {
    expect(() => loadConfig({ STORAGE: "s3", S3_BUCKET: "b" })).toThrow(/S3_PUBLIC_URL/);
    expect(() =>
      loadConfig({
        STORAGE: "s3",
        S3_BUCKET: "b",
        S3_PUBLIC_URL: "https://cdn.example",
        S3_ACCESS_KEY_ID: "x",
      }),
    ).toThrow(/both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/);
    expect(loadConfig({}).storage).toEqual({ driver: "fs" });
  });

  it("stores a local file streamed, not cached, and reads it back as a stream (a data download, ADR 049)", async () => {
    const bytes = crypto.randomBytes(3 * 1024 * 1024 + 17);
    const file = path.join(dir, "export-upload.zip");
    await fs.writeFile(file, bytes);
    await storage.putFile("exports/test-stream.zip", file, "application/zip");
    const object = await fetch(`${endpoint}/${BUCKET}/exports/test-stream.zip`);
    expect(object.headers.get("cache-control")).toBe("private, no-store");
    await object.arrayBuffer();
    const read = await storage.getStream("exports/test-stream.zip");
    expect(read!.bytes).toBe(bytes.length);
    const chunks: Buffer[] = [];
    for await (const chunk of read!.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    expect(await storage.getStream("exports/none.zip")).toBeNull();
    await storage.delete("exports/test-stream.zip");
  });

  it("puts, serves publicly with an immutable cache, reads back and deletes", async () => {
    const body = Buffer.from("a stored object");
    const url = await storage.put("tests/one.webp", body, "image/webp");
    expect(url).toBe(`${endpoint}/${BUCKET}/tests/one.webp`);
    expect(storage.keyOf(url)).toBe("tests/one.webp");

    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await res.arrayBuffer())).toEqual(body);

    expect(await storage.get("tests/one.webp")).toEqual(body);
    expect(await storage.get("tests/missing.webp")).toBeNull();
    await storage.delete("tests/one.webp");
    expect(await storage.get("tests/one.webp")).toBeNull();
    await expect(storage.put("../escape", body, "image/webp")).rejects.toThrow(/Unsafe/);
  });

  it("/readyz asks the bucket: ready with it, 503 when the bucket does not exist (ADR 034)", async () => {
    const ready = await web.fetch("/readyz");
    expect([ready.status, await ready.json()]).toEqual([
      200,
      { status: "ready", checks: { database: "ok", storage: "ok" } },
    ]);
    const missing = createStorage({
      ...t.app.config,
      storage: { driver: "s3", s3: { ...s3Settings, bucket: "vv-missing" } },
    });
    const other = await startHttpApp(t, { ...t.app, storage: missing, readiness: { state: "starting" } });
    try {
      const res = await other.fetch("/readyz");
      expect([res.status, await res.json()]).toEqual([
        503,
        { status: "unavailable", checks: { database: "ok", storage: "failed" } },
      ]);
    } finally {
      await other.close();
    }
  });

  it("never overwrites a key when asked not to (conditional write), where the server supports it", async () => {
    await storage.put("tests/once.webp", Buffer.from("first"), "image/webp", { overwrite: false });
    const second = storage
      .put("tests/once.webp", Buffer.from("second"), "image/webp", { overwrite: false })
      .then(
        () => "written",
        (err: unknown) => (err instanceof StorageConflictError ? "conflict" : String(err)),
      );
    // AWS S3, MinIO and R2 refuse with 412; s3rver ignores If-None-Match on PUT.
    expect(["conflict", "written"]).toContain(await second);
  });

  it("a venue submission stores its images in the bucket, under keys we generate", async () => {
    const user = await t.signUp();
    const category = await createCategory(t.db, { name: "Waterfront" });
    const fields = { ...submissionFields(category.id), name: "Lakeside Dock" };
    const jpeg = await jpegOf("#369", 1000, 700);
    const images = ["dock.jpg", "lake.jpg"].map((name) => ({
      field: "images",
      bytes: jpeg,
      name,
      type: "image/jpeg",
    }));
    const venue = await postSubmission(web, user.cookie, fields, images);
    const [row] = await t.db.select().from(venues).where(eq(venues.id, venue.id));
    expect(row!.images).toHaveLength(2);
    for (const url of row!.images) {
      expect(url).toMatch(new RegExp(`^${endpoint}/${BUCKET}/venues/${row!.id}/[0-9a-f-]{36}-1600\\.webp$`));
      for (const width of [400, 800, 1600]) {
        const object = await fetch(url.replace("-1600.webp", `-${width}.webp`));
        expect(object.status).toBe(200);
        const meta = await sharp(Buffer.from(await object.arrayBuffer())).metadata();
        expect(meta.format).toBe("webp");
        expect(meta.width).toBe(Math.min(width, 1000));
      }
    }
  });

  it("storage:check lists the bucket: it finds a file no row names, and the fix deletes it (ADR 021)", async () => {
    // Files a row names, of its own: a submission's photo in three widths.
    const user = await t.signUp();
    const category = await createCategory(t.db, { name: "Checked Storage" });
    const photo = {
      field: "images",
      bytes: await jpegOf("#693", 1000, 700),
      name: "hall.jpg",
      type: "image/jpeg",
    };
    await postSubmission(web, user.cookie, submissionFields(category.id), [photo]);
    const orphan = `venues/${crypto.randomUUID()}/${crypto.randomUUID()}-1600.webp`;
    await storage.put(orphan, Buffer.from("left by a crash"), "image/webp");
    const report = await checkStorage(t.app, 0);
    expect(report.orphans).toEqual([orphan]);
    expect(report.missing).toEqual([]);
    // The submission's files are named by its row: listed, not orphans.
    expect(report.files).toBeGreaterThan(1);
    await deleteFiles(t.app, report.orphans);
    expect(await storage.get(orphan)).toBeNull();
    expect((await checkStorage(t.app, 0)).orphans).toEqual([]);
  });
});
