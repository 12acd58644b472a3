import { data } from "react-router";
import type { Route } from "./+types/healthz";
import { databaseHealth } from "~/services/health.server";

export async function loader({ context }: Route.LoaderArgs) {
  const health = await databaseHealth(context.db, context.database.kind);
  return data(
    { status: health.up ? "ok" : "error", database: health },
    { status: health.up ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
