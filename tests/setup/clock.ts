import { utcDay } from "../../app/lib/dates";

/**
 * For the files that compare the server's "today" (a view counted, a month's window, an inquiry's
 * date in Colorado) with their own: the app reads the real clock, so when `day` (UTC by default)
 * would change within `marginMs`, this waits for the new day first and the file runs within one
 * day. Any other time, no wait. Call it from a beforeAll with a timeout above the margin.
 */
export async function awayFromMidnight(day: (at: Date) => string = utcDay, marginMs = 4 * 60_000) {
  const now = Date.now();
  if (day(new Date(now)) === day(new Date(now + marginMs))) return;
  while (day(new Date()) === day(new Date(now))) await new Promise((resolve) => setTimeout(resolve, 1_000));
}
