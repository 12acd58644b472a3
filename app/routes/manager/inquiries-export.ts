import type { Route } from "./+types/inquiries-export";
import { expectUser, getApp } from "~/infra/session.server";
import { readInboxFilter } from "~/lib/inquiries";
import { exportInquiriesCsv } from "~/services/inquiries.server";

// The inquiry inbox's 'Export CSV' (issue 23), behind the venue-manager guard: the list's venue and
// status filters (?venue=, ?status=; every page) as a CSV download, streamed as it is read.

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const filter = readInboxFilter(new URL(request.url).searchParams);
  const body = await exportInquiriesCsv(app, expectUser(context), filter);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="inquiries-${day}.csv"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
