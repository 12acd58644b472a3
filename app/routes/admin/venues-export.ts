import type { Route } from "./+types/venues-export";
import { expectUser, getApp } from "~/infra/session.server";
import { adminListParams } from "~/lib/admin";
import { csvDownload } from "~/lib/csv-import/write";
import { exportVenuesCsv } from "~/services/venue-csv.server";

// The venue list's 'Export CSV' (issue 22, item 6; ADR 012), behind the /admin guard: the list's
// search, filters and sort (?q=, ?status=, ?coords=, ?category=, ?region=, ?sort=, ?dir=; the page
// and page size are ignored) as a CSV download in the import's own columns, streamed as it is read.

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const user = expectUser(context);
  const body = await exportVenuesCsv(app, user, adminListParams(new URL(request.url).searchParams));
  return csvDownload(body, "venues");
}
