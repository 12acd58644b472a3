// Operator CLI: create accounts and change roles. Never creates an account with a known password
// by itself: the operator passes one.
//   npm run user -- create --email E --password P --name N --role admin|venue_manager|user
//   npm run user -- set-role --email E --role R
import { eq } from "drizzle-orm";
import { parseArgs } from "node:util";
import { users } from "../database/schema";
import { ROLES, type Role } from "../app/lib/user";
import { loadConfig } from "../app/infra/config.server";
import { createAppContext } from "../app/infra/context.server";
import { authEmails } from "../app/services/emails.server";
import { setUserRole } from "../app/services/users.server";
import { openDatabase, type Database } from "../app/infra/db.server";

const USAGE = `usage:
  npm run user -- create --email E --password P --name N [--role admin|venue_manager|user]
  npm run user -- set-role --email E --role admin|venue_manager|user`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const [command, ...rest] = process.argv.slice(2);
const { values } = parseArgs({
  args: rest,
  options: {
    email: { type: "string" },
    password: { type: "string" },
    name: { type: "string" },
    role: { type: "string" },
  },
});
const role = (values.role ?? "user") as Role;
if (!ROLES.includes(role)) fail(`Unknown role "${values.role}". ${USAGE}`);
if (!values.email) fail(USAGE);
const email = values.email.toLowerCase();

const config = loadConfig();
let database: Database;
try {
  database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const opened = database;
  await opened.withStartupLock(() => opened.migrate());
} catch (err) {
  fail(
    `Cannot open the database (${(err as Error).message}). If the site is running on the embedded database, stop it first.`,
  );
}
const app = await createAppContext(config, database, { emails: authEmails });

try {
  if (command === "create") {
    if (!values.password || !values.name) fail(USAGE);
    if (values.password.length < 8) fail("Choose a password of at least 8 characters.");
    const { user } = await app.auth.api.signUpEmail({
      body: { email, password: values.password, name: values.name },
    });
    await app.db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
    await setUserRole(app.db, { id: user.id }, role);
    console.log(`Created ${role} ${email}`);
  } else if (command === "set-role") {
    if (!(await setUserRole(app.db, { email }, role))) fail(`No account with email ${email}.`);
    console.log(`${email} is now ${role}`);
  } else {
    fail(USAGE);
  }
} catch (err) {
  fail(`Failed: ${(err as { body?: { message?: string } }).body?.message ?? (err as Error).message}`);
} finally {
  await database.close();
}
