// Saved searches (issue 44): what a couple keeps of a search, its name and how often it mails.
// Pure: the page, the account list, the service and the alerts share it.
import {
  activeFilters,
  DEFAULT_FILTERS,
  parseSearchParams,
  removeFilter,
  toSearchParams,
  type SearchFilters,
} from "./search";

export const ALERT_FREQUENCIES = ["instant", "daily", "weekly", "off"] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

export const FREQUENCY_LABELS: Record<AlertFrequency, string> = {
  instant: "As it happens (hourly)",
  daily: "Daily",
  weekly: "Weekly",
  off: "Off (no emails)",
};

/** The shortest wait, in hours, between two alerts of a search. */
export const ALERT_INTERVAL_HOURS: Record<Exclude<AlertFrequency, "off">, number> = {
  instant: 1,
  daily: 24,
  weekly: 24 * 7,
};

export const MAX_SAVED_SEARCHES = 25;
export const SAVED_SEARCH_NAME_MAX = 80;
/** An alert names at most this many venues, then "See all". */
export const ALERT_VENUES_MAX = 10;

/** The filters a saved search keeps of an address: not its page, view or sort. */
export function savedFilters(params: URLSearchParams): SearchFilters {
  const { page, view, sort } = DEFAULT_FILTERS;
  return { ...parseSearchParams(params), page, view, sort };
}

/** A saved search's query, written the one way equal filters are written. */
export const savedQuery = (params: URLSearchParams): string =>
  toSearchParams(savedFilters(params)).toString();

/** A name for a search from its filters ("Barn · 150+ · Free on Sat 12 Jun 2027"). */
export function searchName(
  f: SearchFilters,
  categoryName?: (idOrName: string) => string | undefined,
): string {
  const parts = [f.q, ...activeFilters(f, categoryName).map((c) => c.label)].filter(Boolean);
  const name = parts.length ? parts.join(" · ") : "All venues";
  return name.length > SAVED_SEARCH_NAME_MAX ? `${name.slice(0, SAVED_SEARCH_NAME_MAX - 1)}…` : name;
}

/** A saved search's query without one of its filters (an active filter's key); null: no such filter. */
export function queryWithout(query: string, key: string): string | null {
  const f = savedFilters(new URLSearchParams(query));
  const chip = activeFilters(f).find((c) => c.key === key);
  return chip ? savedQuery(toSearchParams(removeFilter(f, chip))) : null;
}
