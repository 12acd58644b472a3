import { useId } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Pagination } from "~/components/ui/pagination";
import { ADMIN_PAGE_SIZES, adminListUrl, type AdminListParams, type AdminVenueList } from "~/lib/admin";
import { cn } from "~/lib/cn";
import { formatNumber } from "~/lib/format";
import { ListStateFields } from "./venue-list-state";

// The venue list's pages (issue 22, item 8): numbered links, a jump to page N and the number of
// rows per page, all in the address. The two small forms are GET forms carrying the rest of the
// list's state, so they work before and without JavaScript. A new page size starts at page 1.

export function VenueListPager({ list, params }: { list: AdminVenueList; params: AdminListParams }) {
  const ids = useId();
  const first = (list.page - 1) * list.pageSize + 1;
  const last = Math.min(list.total, list.page * list.pageSize);
  const small =
    "rounded-lg border border-sand-dark bg-white px-2.5 py-1.5 text-ink focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30";
  if (list.total === 0) return null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-3 text-sm text-ink-soft">
      <p>{`Showing ${formatNumber(first)}–${formatNumber(last)} of ${formatNumber(list.total)}`}</p>
      <Pagination
        page={list.page}
        pageCount={list.pageCount}
        href={(page) => adminListUrl({ ...params, page })}
        label="Pages"
        preventScrollReset
      />
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        {list.pageCount > 1 ? (
          <Form method="get" preventScrollReset className="flex items-center gap-2">
            <ListStateFields params={params} omit={["page"]} />
            <label htmlFor={`${ids}-page`}>Go to page</label>
            <input
              id={`${ids}-page`}
              type="number"
              name="page"
              min={1}
              max={list.pageCount}
              required
              defaultValue={list.page}
              key={list.page}
              className={cn(small, "w-20")}
            />
            <span>{`of ${formatNumber(list.pageCount)}`}</span>
            <Button type="submit" variant="outline" size="sm">
              Go
            </Button>
          </Form>
        ) : null}
        <Form method="get" preventScrollReset className="flex items-center gap-2">
          <ListStateFields params={params} omit={["size", "page"]} />
          <label htmlFor={`${ids}-size`}>Rows per page</label>
          <select
            id={`${ids}-size`}
            name="size"
            defaultValue={list.pageSize}
            key={list.pageSize}
            className={small}
          >
            {ADMIN_PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
          <Button type="submit" variant="outline" size="sm">
            Show
          </Button>
        </Form>
      </div>
    </div>
  );
}
