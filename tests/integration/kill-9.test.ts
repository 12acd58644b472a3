// kill -9 of the production server at the first photo file a venue submission writes, then a
// restart (issue 21, item 4; ADR 021): the start-up sweep deletes what the dead process left, so
// no stored file is nobody's and no claim is left. crash-consistency.test.ts stops at every write
// step of each flow inside one process; this one is the real thing, for one of them.
import { count } from "drizzle-orm";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { expect, it } from "vitest";
import { pendingFiles } from "../../database/schema";
import { databaseFromPglite, newPglite } from "../../app/infra/db.server";
import { createLogger } from "../../app/infra/logger.server";
import { createFsStorage } from "../../app/infra/storage.server";
import { checkStorage } from "../../app/services/pending-files.server";
import { createCategory, createVenue, multipartBody, submissionFields } from "../setup/factories";
import { freePort, migratedDataDir, startServer } from "../setup/server-process";

async function register(origin: string): Promise<string> {
  const password = "a-long-enough-password-1";
  const res = await fetch(`${origin}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { origin, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      intent: "register",
      name: "Olive Owner",
      email: "olive@test.example",
      password,
      confirmPassword: password,
    }),
  });
  expect(res.status).toBe(302);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((c) => !c.endsWith("="))
    .join("; ");
}

it("kill -9 at the first photo file a submission writes: after the restart no file is nobody's", async () => {
  let categoryId = "";
  const dataDir = await migratedDataDir("vv-kill-", async (db) => {
    categoryId = (await createCategory(db, { name: "Barn" })).id;
    await createVenue(db, { categoryId }); // not empty: the demo is not seeded
  });
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const venuesDir = path.join(dataDir, "uploads", "venues");
  fs.mkdirSync(venuesDir);
  let server = startServer(dataDir, port);
  const watcher = fs.watch(venuesDir, { recursive: true });
  try {
    await server.logLine("Vows & Vistas listening");
    const cookie = await register(origin);

    const firstFile = new Promise<void>((resolve) =>
      watcher.on("change", (_type, name) => String(name).endsWith(".webp") && resolve()),
    );
    const body = multipartBody(submissionFields(categoryId));
    for (const color of ["#345", "#543", "#453"]) {
      const png = await sharp({ create: { width: 1800, height: 1200, channels: 3, background: color } })
        .png()
        .toBuffer();
      body.append("images", new Blob([new Uint8Array(png)], { type: "image/png" }), `${color}.png`);
    }
    const posted = fetch(`${origin}/api/venue-submissions`, {
      method: "POST",
      headers: { cookie, origin },
      body,
    }).then(
      (res) => res.status,
      () => "no answer",
    );
    await firstFile;
    server.child.kill("SIGKILL");
    expect(await server.exited).toBeNull();
    expect(await posted).toBe("no answer");
    const left = fs.readdirSync(venuesDir, { recursive: true }).filter((f) => String(f).endsWith(".webp"));
    expect(left.length).toBeGreaterThan(0);

    // The restart sweeps before it listens.
    server = startServer(dataDir, port);
    const swept = await Promise.race([
      server.logLine("pending files swept"),
      server.logLine("Vows & Vistas listening").then(() => ({ deleted: 0 })),
    ]);
    expect(swept.deleted).toBeGreaterThanOrEqual(left.length);
    await server.logLine("Vows & Vistas listening");
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);

    const database = databaseFromPglite(newPglite(path.join(dataDir, "db")));
    try {
      const app = {
        db: database.db,
        storage: createFsStorage(path.join(dataDir, "uploads")),
        logger: createLogger("error"),
      };
      expect(await checkStorage(app, 0)).toMatchObject({ orphans: [], missing: [] });
      const [{ n }] = await database.db.select({ n: count() }).from(pendingFiles);
      expect(n).toBe(0);
    } finally {
      await database.close();
    }
  } finally {
    watcher.close();
    if (server.child.exitCode === null) server.child.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  // Two server starts and a PGlite data folder: 14 s alone on this project's slow machine, and
  // ten times as long beside the other stages (issue 20).
}, 300_000);
