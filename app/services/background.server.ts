import type { AppContext } from "~/infra/context.server";
import type { Task } from "~/infra/jobs.server";
import { buildDataExport, EXPORT_TASK } from "./data-export.server";
import { purgeUsedFormStamps } from "./form-stamps.server";
import { REMINDER_TASK, remindVenue } from "./inquiry-reminders.server";
import { SWEEP_GRACE_SECONDS, sweepPendingFiles } from "./pending-files.server";
import { ALERTS_TASK, purgeFreedDays, runAlerts } from "./saved-searches.server";
import { purgeViewData } from "./venue-stats.server";
import { purgeExpiredTrash } from "./venue-trash.server";
import { INVITE_TASK, sendReviewInvite } from "./review-invites.server";
import { runRetention } from "./retention.server";

// Our background tasks (issue 44), run by the job queue (infra/jobs.server.ts): a new one goes in
// this list. Each runs on one server at a time; a failed run is tried again later.

/**
 * The venues in the trash for 30 days (ADR 023), then the files a crash left between a row and
 * its files, older than `graceSeconds` (ADR 021), and the record of form stamps used more than a
 * day ago, which are refused as too old anyway (ADR 028), and the days freed a day ago (the
 * alerts' check has long seen them). One step failing does not stop the others; the sweep then
 * fails, to be tried again.
 */
export async function sweep(app: AppContext, graceSeconds = SWEEP_GRACE_SECONDS): Promise<void> {
  const failures: unknown[] = [];
  const step = <T>(work: Promise<T>, done: (result: T) => unknown) =>
    work.then(done, (err: unknown) => failures.push(err));
  await step(
    purgeExpiredTrash(app),
    (purged) => purged > 0 && app.logger.info("venues purged from the trash", { purged }),
  );
  await step(
    sweepPendingFiles(app, graceSeconds),
    (swept) => swept.deleted + swept.kept > 0 && app.logger.info("pending files swept", swept),
  );
  await step(purgeUsedFormStamps(app.db), () => undefined);
  await step(purgeFreedDays(app.db), () => undefined);
  if (failures.length) throw new AggregateError(failures, failures.map(String).join("; "));
}

export function backgroundTasks(app: AppContext): Task[] {
  return [
    { name: "sweep", cron: "17 * * * *", pollSeconds: 30, run: () => sweep(app) },
    {
      // Saved searches' news, and the mails whose wait is over (ADR 044): every minute.
      name: ALERTS_TASK,
      cron: "* * * * *",
      run: async () => {
        const run = await runAlerts(app);
        if (run.found + run.mails > 0) app.logger.info("saved search alerts", run);
      },
    },
    {
      // Venue page views are counted once per visitor and day (ADR 029): what told visitors apart
      // yesterday is deleted when a day begins, and hourly in case no view begins it.
      name: "purge-view-data",
      cron: "3 * * * *",
      pollSeconds: 30,
      run: () => purgeViewData(app.db),
    },
    {
      // What the site keeps, and for how long (issue 46, app/lib/retention.ts): daily, at night in Colorado.
      name: "retention",
      cron: "41 9 * * *",
      run: async () => {
        const run = await runRetention(app);
        if (Object.values(run).some((n) => n > 0)) app.logger.info("retention", run);
      },
    },
    // An unanswered inquiry's reminders to its venue, sent as jobs due 24 and 48 hours after it.
    { name: REMINDER_TASK, pollSeconds: 30, run: (data) => remindVenue(app, data) },
    // A booked couple's invitation to review (issue 45), due the day after the wedding.
    {
      name: INVITE_TASK,
      pollSeconds: 30,
      run: async (data) => {
        await sendReviewInvite(app, data);
      },
    },
    // A person's download of their data, when too large to answer at once (issue 46, ADR 049).
    { name: EXPORT_TASK, pollSeconds: 5, run: (data) => buildDataExport(app, data) },
  ];
}
