import { sql } from "drizzle-orm";
import type { AppContext } from "./context.server";

// /readyz (ADR 034): whether a load balancer should send this process traffic. /healthz only says
// the process answers; this also asks the database and the storage, each within a time limit, so
// a probe never hangs on a database that does not answer.

const CHECK_TIMEOUT_MS = 2_000;

export type Readiness =
  | { ready: true; body: { status: "ready"; checks: Checks } }
  | { ready: false; body: { status: "starting" | "stopping" } | { status: "unavailable"; checks: Checks } };

type Checks = { database: "ok" | "failed"; storage: "ok" | "failed" };

export async function checkReadiness(
  app: Pick<AppContext, "readiness" | "db" | "storage" | "logger">,
): Promise<Readiness> {
  const { state } = app.readiness;
  if (state !== "ready") return { ready: false, body: { status: state } };
  const check = async (name: keyof Checks, probe: () => Promise<unknown>) => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)),
        CHECK_TIMEOUT_MS,
      );
    });
    try {
      await Promise.race([probe(), late]);
      return "ok" as const;
    } catch (err) {
      app.logger.warn("readiness check failed", { check: name, error: String(err) });
      return "failed" as const;
    } finally {
      clearTimeout(timer);
    }
  };
  const [database, storage] = await Promise.all([
    check("database", () => app.db.execute(sql`select 1`)),
    check("storage", () => app.storage.check()),
  ]);
  const checks = { database, storage };
  return database === "ok" && storage === "ok"
    ? { ready: true, body: { status: "ready", checks } }
    : { ready: false, body: { status: "unavailable", checks } };
}
