// Starts the production server for the browser tests on a fresh data folder (and database), with
// an admin and a venue manager account created first (the embedded database allows one process,
// so this happens before the server opens it).
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { loadConfig } from "../../app/infra/config.server";
import { createAppContext } from "../../app/infra/context.server";
import { authEmails } from "../../app/services/emails.server";
import { setUserRole } from "../../app/services/users.server";
import { openDatabase } from "../../app/infra/db.server";
import { adminUrl, onServer } from "../setup/global-setup";
import { E2E_ADMIN, E2E_DATA_DIR, E2E_DATABASE, E2E_MANAGER, E2E_MAP_TILE, E2E_SERVER_LOG } from "./paths";

fs.rmSync(E2E_DATA_DIR, { recursive: true, force: true });
process.env.DATA_DIR = E2E_DATA_DIR;

// With TEST_DATABASE_URL (as CI runs), on a fresh database of that PostgreSQL: the server and
// its database then spend half the CPU of the embedded one, beside the integration suite (issue
// 40). The next run makes it again: dropping it at the end would cut the server off before it
// stops. Without it, on PGlite in the data folder, as `npm start` runs. Both pass every test.
const postgres = process.env.TEST_DATABASE_URL;
if (postgres) {
  await onServer(
    postgres,
    `drop database if exists ${E2E_DATABASE} with (force)`,
    `create database ${E2E_DATABASE}`,
  );
  process.env.DATABASE_URL = adminUrl(postgres, E2E_DATABASE);
}

// The tests run offline: the search map's tiles (MAP_TILE_URL in playwright.config.ts) are one
// blank PNG served by this server. Intercepting them in the browser instead (page.route) would
// turn off the HTTP cache, which the returning-visitor tests need as a person's browser has it.
fs.mkdirSync(path.join(E2E_DATA_DIR, "uploads"), { recursive: true });
fs.writeFileSync(
  path.join(E2E_DATA_DIR, "uploads", E2E_MAP_TILE),
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
    "base64",
  ),
);

// The server's stderr (our warn and error log lines, Node's own warnings) also goes to a file,
// which tests/e2e/server-log.teardown.ts reads once every test has run.
fs.mkdirSync(path.dirname(E2E_SERVER_LOG), { recursive: true });
fs.writeFileSync(E2E_SERVER_LOG, "");
const writeStderr = process.stderr.write.bind(process.stderr);
process.stderr.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
  fs.appendFileSync(E2E_SERVER_LOG, chunk);
  return writeStderr(chunk, ...rest);
}) as typeof process.stderr.write;

const config = loadConfig();
const database = openDatabase(config);
await database.migrate();
const app = await createAppContext(config, database, { emails: authEmails });
for (const [account, role] of [
  [E2E_ADMIN, "admin"],
  [E2E_MANAGER, "venue_manager"],
] as const) {
  const { user } = await app.auth.api.signUpEmail({ body: account });
  await setUserRole(app.db, { id: user.id }, role);
}
await database.close();

// The server as production runs it: server.ts compiled by `npm run build` (ADR 022).
await import(pathToFileURL(path.resolve(import.meta.dirname, "../../build/server/start.js")).href);
