import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { databaseFromPglite, databaseFromUrl, newPglite } from "../../app/infra/db.server";
import { ensureServerBuild } from "./server-build";

// One template per run: two runs at once (two engineers, two worktrees) must not drop each
// other's template while its test files are cloning it.
const TEMPLATE_DB = `vv_test_template_${process.pid}`;

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgliteTarball: string;
    postgresUrl: string;
    postgresTemplate: string;
  }
}

export function adminUrl(base: string, database: string): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Runs statements (CREATE and DROP DATABASE) on the PostgreSQL server of `url`, on one connection. */
export async function onServer(url: string, ...statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Builds the server the tests serve, when the build is missing or stale (./server-build.ts), and
 * migrates once (3-5 s less per test file): a PGlite data folder, for the servers the tests start,
 * and its tarball, which each test file opens in memory (./test-app.ts); or, with
 * TEST_DATABASE_URL, a PostgreSQL template database that each test file clones with
 * CREATE DATABASE ... TEMPLATE.
 */
export default async function setup(project: TestProject) {
  ensureServerBuild();
  const target = process.env.TEST_DB === "postgres" ? process.env.TEST_DATABASE_URL : undefined;
  if (process.env.TEST_DB === "postgres" && !target)
    throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  if (target) {
    await onServer(
      target,
      `drop database if exists ${TEMPLATE_DB} with (force)`,
      `create database ${TEMPLATE_DB}`,
    );
    const database = databaseFromUrl(adminUrl(target, TEMPLATE_DB));
    await database.migrate();
    await database.close();
    project.provide("postgresUrl", target);
    project.provide("postgresTemplate", TEMPLATE_DB);
    project.provide("pgliteTemplate", "");
    project.provide("pgliteTarball", "");
    return () => onServer(target, `drop database if exists ${TEMPLATE_DB} with (force)`);
  }
  const dir = path.join(await fs.mkdtemp(path.join(os.tmpdir(), "vv-pglite-")), "migrated");
  const client = newPglite(dir);
  const database = databaseFromPglite(client);
  await database.migrate();
  const tarball = `${dir}.tar`;
  await fs.writeFile(tarball, Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer()));
  await database.close();
  project.provide("pgliteTemplate", dir);
  project.provide("pgliteTarball", tarball);
  project.provide("postgresUrl", "");
  project.provide("postgresTemplate", "");
  return async () => {
    await fs.rm(path.dirname(dir), { recursive: true, force: true });
  };
}
