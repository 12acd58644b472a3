// Which page numbers a pagination bar shows. Pure, so the list pages (a venue type's venues, the
// search results) share one rule and it is unit-tested.

/**
 * The first and last pages, the current one and `siblings` either side, in order; `null` marks
 * a gap (drawn as an ellipsis). A gap of one page is shown as that page instead, since an
 * ellipsis would take the same room. Out-of-range input is clamped, never thrown.
 */
export function pageWindow(page: number, pageCount: number, siblings = 1): (number | null)[] {
  const count = Math.max(1, Math.floor(pageCount) || 1);
  const current = Math.min(Math.max(1, Math.floor(page) || 1), count);
  const shown = new Set<number>([1, count]);
  for (let p = current - siblings; p <= current + siblings; p++) if (p >= 1 && p <= count) shown.add(p);
  const out: (number | null)[] = [];
  let previous = 0;
  for (const p of [...shown].sort((a, b) => a - b)) {
    if (p - previous === 2) out.push(p - 1);
    else if (p - previous > 2) out.push(null);
    out.push(p);
    previous = p;
  }
  return out;
}

/** Pages needed for `total` items, at least one (an empty list still has its first page). */
export function pageCountOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / pageSize));
}

/** The OFFSET of a 1-based page. */
export function pageOffset(page: number, pageSize: number): number {
  return (Math.max(1, Math.floor(page)) - 1) * pageSize;
}

/**
 * `pathname` with the query's other parameters kept and `page` set (removed for the first page,
 * so page 1 has one address). Lists whose query is not the search's use it; `/venues` writes
 * its page with `searchUrl`.
 */
export function pageUrl(pathname: string, search: string | URLSearchParams, page: number): string {
  const params = new URLSearchParams(search);
  if (page > 1) params.set("page", String(Math.floor(page)));
  else params.delete("page");
  const qs = params.toString();
  return qs ? `${pathname}?${qs}` : pathname;
}
