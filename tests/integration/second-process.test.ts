import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";

it("a second process on the same embedded database prints one sentence and exits 1", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vv-locked-"));
  fs.mkdirSync(path.join(dataDir, "db"));
  // This test's own process holds the lock, as a running server would.
  fs.writeFileSync(path.join(dataDir, "db", "vows.lock"), String(process.pid));
  try {
    const result = spawnSync("npx", ["tsx", "server.ts"], {
      env: { ...process.env, DATA_DIR: dataDir, PORT: "4999", DATABASE_URL: "", NODE_ENV: "development" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`is in use by process ${process.pid}: stop the server first.`);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}, 90_000);
