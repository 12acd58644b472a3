// Starts the production server for the browser tests on a fresh data folder, with an admin
// and a venue manager account created first (the embedded database allows one process, so
// this happens before the server opens it).
import { eq } from "drizzle-orm";
import fs from "node:fs";
import { users } from "../../database/schema";
import { loadConfig } from "../../app/infra/config.server";
import { createAppContext } from "../../app/infra/context.server";
import { openDatabase } from "../../app/infra/db.server";
import { E2E_ADMIN, E2E_DATA_DIR, E2E_MANAGER } from "./paths";

fs.rmSync(E2E_DATA_DIR, { recursive: true, force: true });
process.env.DATA_DIR = E2E_DATA_DIR;
process.env.NODE_ENV = "production";

const config = loadConfig();
const database = openDatabase({ dataDir: config.dataDir });
await database.migrate();
const app = await createAppContext(config, database);
for (const [account, role] of [
  [E2E_ADMIN, "admin"],
  [E2E_MANAGER, "venue_manager"],
] as const) {
  const { user } = await app.auth.api.signUpEmail({ body: account });
  await app.db.update(users).set({ role }).where(eq(users.id, user.id));
}
await database.close();

await import("../../server");
