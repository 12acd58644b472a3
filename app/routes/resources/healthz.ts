import { data } from "react-router";
import type { Route } from "./+types/healthz";
import { getApp, getUser } from "~/infra/session.server";
import { databaseHealth } from "~/services/health.server";

/** For load balancers: ok or 503, nothing more. Admins also see the database's figures. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, database, logger } = getApp(context);
  const health = await databaseHealth(db, database.kind, (err) =>
    logger.error("health check failed", { error: String(err) }),
  );
  const admin = getUser(context)?.role === "admin";
  return data(
    { status: health.up ? "ok" : "unavailable", ...(admin ? { database: health } : {}) },
    { status: health.up ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
