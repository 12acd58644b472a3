import type { Route } from "./+types/inquiries-export";
import { expectUser, getApp } from "~/infra/session.server";
import { readInboxFilter } from "~/lib/inquiries";
import { csvDownload } from "~/lib/csv-import/write";
import { exportInquiriesCsv } from "~/services/inquiries.server";

// The inquiry inbox's 'Export CSV' (issue 23), behind the venue-manager guard: the list's venue and
// status filters (?venue=, ?status=; every page) as a CSV download, streamed as it is read.

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const filter = readInboxFilter(new URL(request.url).searchParams);
  const body = await exportInquiriesCsv(app, expectUser(context), filter);
  return csvDownload(body, "inquiries");
}
