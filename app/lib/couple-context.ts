// The couple's context (issue 41): the wedding date (or a flexible month), the guest count and
// the budget, one object carried in the address from the home search to /venues, the cards, the
// venue page, /compare and the inquiry form, and back. In the URL, never a cookie, so the pages
// stay the same for every visitor of an address (the page cache, ADR 010). Pure and isomorphic;
// the bounds are the search's own (lib/search.ts).
import { MAX_PRICE } from "./catalog";
import { dateFilterProblem, utcDay } from "./dates";
import { parseSearchParams, toSearchParams, type SearchFilters } from "./search";

export type CoupleContext = {
  /** The wedding date, `YYYY-MM-DD`; wins over a month. */
  date: string | null;
  /** Flexible: a month, `YYYY-MM`. */
  month: string | null;
  guests: number | null;
  /** The budget: the search's price limit, null for none. */
  maxPrice: number | null;
};

export const NO_CONTEXT: Readonly<CoupleContext> = Object.freeze({
  date: null,
  month: null,
  guests: null,
  maxPrice: null,
});

/** The context part of the search's filters. */
export function contextOf(f: Pick<SearchFilters, "date" | "month" | "guests" | "maxPrice">): CoupleContext {
  return {
    date: f.date,
    month: f.date ? null : f.month,
    guests: f.guests,
    maxPrice: f.maxPrice < MAX_PRICE ? f.maxPrice : null,
  };
}

/** The context of an address; bad values are dropped, as the search drops them. */
export const parseContext = (params: URLSearchParams): CoupleContext => contextOf(parseSearchParams(params));

/**
 * The context of an address a page works with: a date or month the search would refuse (past,
 * too far ahead) is left out, and `dateError` says why (the page answers 400 with it).
 */
export function checkedContext(
  params: URLSearchParams,
  today: string = utcDay(),
): { context: CoupleContext; dateError: string | null } {
  const context = parseContext(params);
  const dateError = dateFilterProblem({ date: params.get("date"), month: params.get("month") }, today);
  return { context: dateError ? { ...context, date: null, month: null } : context, dateError };
}

/** The context as query parameters, in the search's fixed order (equal contexts, equal URLs). */
export const contextParams = (ctx: CoupleContext): URLSearchParams =>
  toSearchParams({
    guests: ctx.guests,
    maxPrice: ctx.maxPrice ?? MAX_PRICE,
    date: ctx.date,
    month: ctx.date ? null : ctx.month,
  });

const CONTEXT_KEYS = ["guests", "maxPrice", "date", "month"] as const;

/**
 * `path` with the context in its query: the address's own parameters stay first, a context value
 * already there is replaced. Commas stay readable (`ids=a,b`), as URLSearchParams reads them alike.
 */
export function withContext(path: string, ctx: CoupleContext): string {
  const at = path.indexOf("?");
  const pathname = at < 0 ? path : path.slice(0, at);
  const params = new URLSearchParams(at < 0 ? "" : path.slice(at + 1));
  for (const key of CONTEXT_KEYS) params.delete(key);
  for (const [key, value] of contextParams(ctx)) params.append(key, value);
  const qs = params.toString().replace(/%2C/g, ",");
  return qs ? `${pathname}?${qs}` : pathname;
}

/** Whether the context says anything at all. */
export const hasContext = (ctx: CoupleContext) =>
  !!(ctx.date || ctx.month || ctx.guests || ctx.maxPrice !== null);
