import type { Route } from "./+types/venues-map";
import { getApp } from "~/infra/session.server";
import { normalizeBbox, normalizeZoom } from "~/lib/map-grid";
import { parseSearchParams } from "~/lib/search";
import { dateFilterProblem } from "~/lib/dates";
import { parseBboxParam } from "~/lib/search-page";
import { mapVenues } from "~/services/search.server";

// The search map's data (JSON): clusters and single venues for the box the map shows, under the
// filters of /venues (the same parameters), asked for again each time the map moves. A malformed
// box is the whole world and a malformed zoom the spec's default, so the answer is never a 500.
//   GET /api/venues/map?bbox=south,west,north,east&zoom=7&location=...&amenities=...

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const params = new URL(request.url).searchParams;
  const dateError = dateFilterProblem({ date: params.get("date"), month: params.get("month") });
  if (dateError) return Response.json({ error: dateError }, { status: 400 });
  const box = normalizeBbox(parseBboxParam(params.get("bbox")) ?? {});
  const answer = await mapVenues(
    db,
    parseSearchParams(params),
    box ?? { south: -85, west: -180, north: 85, east: 180 },
    normalizeZoom(params.get("zoom")),
  );
  return Response.json(answer);
}
