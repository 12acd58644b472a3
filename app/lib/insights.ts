// Venue insights (issue 23, ADR 029): the periods the dashboards compare, the figures derived
// from the daily counts, the search words a view came from, and the chart's scale. Pure and
// isomorphic; the counting and the sums are services/venue-stats.server.ts.
import { addDays, dayFormat, daysBetween, utcDay } from "./dates";
import { countLabel } from "./format";
import { parseSearchParams } from "./search";
import { searchTerm } from "./search-page";

export { addDays, utcDay };

/** The dashboards compare the last 30 days (today included) with the 30 before them. */
export const PERIOD_DAYS = 30;

export type Periods = {
  current: { from: string; to: string };
  previous: { from: string; to: string };
};

export function insightPeriods(today: string): Periods {
  const from = addDays(today, 1 - PERIOD_DAYS);
  return {
    current: { from, to: today },
    previous: { from: addDays(from, -PERIOD_DAYS), to: addDays(from, -1) },
  };
}

/** Every day of a period, oldest first. */
export const daysOf = (period: { from: string; to: string }): string[] => daysBetween(period.from, period.to);

export type InsightFigures = { views: number; saves: number; inquiries: number; websiteClicks: number };
export type DailyPoint = { day: string; views: number; inquiries: number };
export type SearchTermCount = { term: string; views: number };

export type Insights = {
  periods: Periods;
  current: InsightFigures;
  previous: InsightFigures;
  /** One point for every day of the current period, oldest first. */
  daily: DailyPoint[];
  /** The words most often searched for before a counted view (at most 10). */
  searchTerms: SearchTermCount[];
};

/**
 * Inquiries per 100 views, to one decimal; null without views, and null rather than over 100 when
 * there were more inquiries than counted views (issue 41: conversionNote says why).
 */
export function conversion(f: Pick<InsightFigures, "views" | "inquiries">): number | null {
  return f.views > 0 && f.inquiries <= f.views ? Math.round((f.inquiries * 1000) / f.views) / 10 : null;
}

/** Why there is no rate when inquiries outnumber the counted views, as counts; else null. */
export function conversionNote(f: Pick<InsightFigures, "views" | "inquiries">): string | null {
  if (f.inquiries <= f.views || f.inquiries === 0) return null;
  return `${countLabel(f.inquiries, "inquiry", "inquiries")}, ${countLabel(f.views, "view", "views")}: a view counts once per visitor a day, and an inquiry can come without one (the inquiry page, a shared link).`;
}

export type Change = { direction: "up" | "down" | "same"; label: string };

/** How a figure moved against the period before, as a short phrase for its card. */
export function change(current: number | null, previous: number | null): Change {
  if (current === null || previous === null || current === previous)
    return { direction: "same", label: "no change" };
  const direction = current > previous ? "up" : "down";
  if (previous === 0) return { direction, label: "new" };
  const percent = Math.round((Math.abs(current - previous) * 100) / previous);
  return { direction, label: `${direction === "up" ? "+" : "−"}${percent}%` };
}

// ---------------------------------------------------------------------------------------------
// Search terms
// ---------------------------------------------------------------------------------------------

export const MAX_SEARCH_TERM_LENGTH = 80;

/** Lower case, single spaces, at most 80 characters; null when nothing is left. */
export function normalizeSearchTerm(term: string): string | null {
  const t = term.toLowerCase().replace(/\s+/g, " ").trim().slice(0, MAX_SEARCH_TERM_LENGTH).trim();
  return t === "" ? null : t;
}

/**
 * The words searched for when a view came from our search page: the Referer is /venues on one of
 * our origins (same-origin requests carry the full address under our Referrer-Policy), and the
 * words are those of the `search` analytics event (searchTerm). Anything else is null.
 */
export function searchTermFromReferer(
  referer: string | undefined,
  origins: readonly string[],
): string | null {
  if (!referer) return null;
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return null;
  }
  if (url.pathname !== "/venues" || !origins.includes(url.origin)) return null;
  return normalizeSearchTerm(searchTerm(parseSearchParams(url.searchParams)));
}

// ---------------------------------------------------------------------------------------------
// The chart
// ---------------------------------------------------------------------------------------------

/**
 * A round top for an axis holding `max`, cut in `steps` equal whole steps of 1, 2 or 5 times a
 * power of ten: the chart's two scales share their grid lines.
 */
export function axisScale(max: number, steps = 4): { top: number; ticks: number[] } {
  const raw = Math.max(max, 1) / steps;
  const power = 10 ** Math.max(0, Math.floor(Math.log10(raw)));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw)!;
  return { top: step * steps, ticks: Array.from({ length: steps + 1 }, (_, i) => i * step) };
}

/** `2026-11-27` as `Nov 27` (UTC, like every date of the site). */
export const shortDay = dayFormat({ month: "short", day: "numeric" });
