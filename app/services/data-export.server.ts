import crypto from "node:crypto";
import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { and, desc, eq } from "drizzle-orm";
import { dataExports, users } from "../../database/schema";
import type { AppContext } from "~/infra/context.server";
import { zipStream, ZipTooLargeError, type ZipEntry } from "~/infra/zip.server";
import {
  EXPORT_LIMITS,
  exportExpiry,
  exportFileName,
  exportMessages,
  exportPath,
  exportReadme,
  type ExportLimits,
  type ExportListing,
} from "~/lib/data-export";
import { PRIVATE_PREFIX } from "~/lib/privacy";
import { Refusal } from "~/lib/refusal";
import type { AppUser } from "~/lib/user";
import { isUuid } from "~/lib/uuid";
import { collectExport, countExportFiles, type ExportData } from "./data-export-rows.server";
import { claimKeys, deleteFiles, releaseKeys } from "./pending-files.server";
import { dataExportReadyEmail } from "./privacy-emails.server";
import { limitWrite } from "./rate-limit.server";

// "Download my data" (issue 46, item 1; ADR 049). A small export (few stored files) is zipped
// straight into the answer; a large one is a `data_exports` row and a job that zips it into the
// storage (its key claimed first and released with the row marked ready, ADR 021), then mails its
// link. The link serves it to its owner until it expires; the retention task deletes it then.

type Deps = Pick<AppContext, "db" | "storage" | "mailer" | "config" | "logger" | "jobs">;

export const EXPORT_TASK = "data-export";
export type ExportJob = { exportId: string };

export type ExportAnswer =
  | { kind: "download"; fileName: string; body: ReadableStream<Uint8Array> }
  | { kind: "queued"; exportId: string };

/** The archive's entries, one at a time: README, the JSON documents, then each stored file. */
async function* entriesOf(app: Pick<Deps, "storage" | "config">, data: ExportData, at: Date) {
  const names = [...Object.keys(data.documents), ...data.files.map((f) => f.path)];
  yield { name: "README.txt", data: Buffer.from(exportReadme(app.config.siteName, at, names)), modified: at };
  for (const [name, doc] of Object.entries(data.documents))
    yield { name, data: Buffer.from(`${JSON.stringify(doc, null, 2)}\n`), modified: at };
  for (const file of data.files) {
    // One photo in memory at a time; a file gone from the storage is left out (its URL stays in the JSON).
    const bytes = await app.storage.get(file.key);
    if (bytes) yield { name: file.path, data: bytes, compress: false, modified: at } satisfies ZipEntry;
  }
}

/**
 * A download of `actor`'s data: the archive itself when small, else a background build. Refused
 * while one is being built, and past `limits.perDay` asks a day.
 */
export async function requestDataExport(
  app: Deps,
  actor: AppUser,
  limits: ExportLimits = EXPORT_LIMITS,
  now = new Date(),
): Promise<ExportAnswer> {
  const [building] = await app.db
    .select({ id: dataExports.id })
    .from(dataExports)
    .where(and(eq(dataExports.userId, actor.id), eq(dataExports.status, "building")))
    .limit(1);
  if (building) throw new Refusal(409, exportMessages.alreadyBuilding);
  const limited = await limitWrite(app.db, `data-export:${actor.id}`, {
    max: limits.perDay,
    windowSeconds: 24 * 60 * 60,
  });
  if (limited) throw new Refusal(429, exportMessages.tooMany);
  if ((await countExportFiles(app.db, app.storage, actor.id)) <= limits.directFiles) {
    const data = await collectExport(app.db, app.storage, actor.id);
    if (!data) throw new Refusal(404, "Account not found");
    const chunks = logged(app, zipStream(entriesOf(app, data, now), { maxBytes: limits.maxBytes }));
    return { kind: "download", fileName: exportFileName(now), body: toWebStream(chunks) };
  }
  const exportId = await app.db.transaction(async (tx) => {
    // The account's row, locked: two asks at once make one export.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.id)).for("update");
    const [again] = await tx
      .select({ id: dataExports.id })
      .from(dataExports)
      .where(and(eq(dataExports.userId, actor.id), eq(dataExports.status, "building")));
    if (again) throw new Refusal(409, exportMessages.alreadyBuilding);
    const [row] = await tx
      .insert(dataExports)
      .values({ userId: actor.id, createdAt: now, expiresAt: exportExpiry(now) })
      .returning({ id: dataExports.id });
    return row!.id;
  });
  const job: ExportJob = { exportId };
  await app.jobs.send(EXPORT_TASK, job, { singletonKey: `${EXPORT_TASK}:${exportId}` });
  return { kind: "queued", exportId };
}

/** The answer's bytes: a failure once it has begun cuts the download short; the log says why. */
async function* logged(app: Pick<Deps, "logger">, chunks: AsyncGenerator<Buffer>) {
  try {
    yield* chunks;
  } catch (err) {
    app.logger.error("a data download failed", { error: String(err) });
    throw err;
  }
}

function toWebStream(chunks: AsyncGenerator<Buffer>): ReadableStream<Uint8Array> {
  return Readable.toWeb(Readable.from(chunks)) as ReadableStream<Uint8Array>;
}

/** The job: builds the export's archive into the storage, marks it ready and mails its link. */
export async function buildDataExport(app: Deps, job: unknown, limits: ExportLimits = EXPORT_LIMITS) {
  const exportId = (job as Partial<ExportJob> | null)?.exportId;
  if (typeof exportId !== "string" || !isUuid(exportId)) return;
  const [row] = await app.db.select().from(dataExports).where(eq(dataExports.id, exportId));
  if (!row || row.status !== "building") return;
  const data = await collectExport(app.db, app.storage, row.userId);
  if (!data) return;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "vv-export-"));
  // The key has a secret part: the storage may serve its files publicly by their key.
  const key = `${PRIVATE_PREFIX}${exportId}-${crypto.randomBytes(16).toString("hex")}.zip`;
  try {
    const file = path.join(dir, "export.zip");
    await pipeline(
      Readable.from(zipStream(entriesOf(app, data, new Date()), { maxBytes: limits.maxBytes })),
      createWriteStream(file),
    );
    const { size } = await fs.stat(file);
    await claimKeys(app.db, [key]);
    await app.storage.putFile(key, file, "application/zip");
    const readied = await app.db.transaction(async (tx) => {
      const done = await tx
        .update(dataExports)
        .set({ status: "ready", fileKey: key, bytes: size, readyAt: new Date() })
        .where(and(eq(dataExports.id, exportId), eq(dataExports.status, "building")))
        .returning({ id: dataExports.id });
      if (done.length) await releaseKeys(tx, [key]);
      return done.length > 0;
    });
    // Deleted meanwhile (the account with it): the file is nobody's.
    if (!readied) return await deleteFiles(app, [key], { export: exportId });
  } catch (err) {
    // Failed, not left building (which would refuse every new ask): the person may ask again.
    await app.db
      .update(dataExports)
      .set({ status: "failed" })
      .where(and(eq(dataExports.id, exportId), eq(dataExports.status, "building")));
    await deleteFiles(app, [key], { export: exportId }).catch(() => undefined);
    if (err instanceof ZipTooLargeError) {
      app.logger.warn("a data export was too large", { export: exportId, maxBytes: err.maxBytes });
      return;
    }
    throw err;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
  const [user] = await app.db.select({ email: users.email }).from(users).where(eq(users.id, row.userId));
  if (user)
    await app.mailer.send(
      dataExportReadyEmail(app.config.siteName, user.email, {
        url: `${app.config.siteUrl}${exportPath(exportId)}`,
        expiresAt: row.expiresAt,
      }),
    );
}

/** The privacy page's list: the account's exports, newest first (a few: at most five a day). */
export async function listDataExports(app: Pick<Deps, "db">, actor: AppUser, now = new Date()) {
  const rows = await app.db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, actor.id))
    .orderBy(desc(dataExports.createdAt))
    .limit(10);
  return rows.map((r): ExportListing => ({
    id: r.id,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    bytes: r.bytes,
    expired: r.expiresAt <= now,
  }));
}

/**
 * The file of a ready export, to its owner only: 404 for anyone else or an unknown id, 410 once
 * it expired (the retention task deletes it soon after).
 */
export async function openDataExport(
  app: Pick<Deps, "db" | "storage">,
  actor: AppUser,
  exportId: string,
  now = new Date(),
) {
  if (!isUuid(exportId)) throw new Refusal(404, exportMessages.notFound);
  const [row] = await app.db.select().from(dataExports).where(eq(dataExports.id, exportId));
  if (!row || row.userId !== actor.id || row.status !== "ready" || !row.fileKey)
    throw new Refusal(404, exportMessages.notFound);
  if (row.expiresAt <= now) throw new Refusal(410, exportMessages.expired);
  const file = await app.storage.getStream(row.fileKey);
  if (!file) throw new Refusal(410, exportMessages.expired);
  return { ...file, fileName: exportFileName(row.createdAt) };
}
