import {
  ArrowDown,
  ArrowUp,
  ArrowUpDown,
  CircleHelp,
  Download,
  LocateFixed,
  Pencil,
  Search,
  Trash2,
  TriangleAlert,
} from "~/components/ui/icons";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Form, useFetcher, useLocation, useNavigation } from "react-router";
import { Link } from "~/components/ui/link";
import { useSearchAsYouType } from "~/components/admin/use-search-as-you-type";
import { useToast } from "~/components/layout/use-toast";
import { Button, buttonClass } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { ScrollArea } from "~/components/back-office/scroll-area";
import {
  ADMIN_EXPORT_PATH,
  adminListUrl,
  isNarrowed,
  withReturnTo,
  type AdminListParams,
  type AdminSort,
  type AdminVenueList,
  type AdminVenueRow,
} from "~/lib/admin";
import { cn } from "~/lib/cn";
import { isValidCoordinate } from "~/lib/coordinates";
import { needsTrashWarning, TRASH_DAYS, trashWarningText } from "~/lib/venue-bulk";
import { SelectAllOnPage, SelectVenue } from "~/components/admin/venue-bulk-bar";
import type { Toast } from "~/lib/toast";
import { countLabel, formatNumber } from "~/lib/format";
import { VenueListPager } from "./venue-list-pager";
import { ListStateFields, useVenueListUrl } from "./venue-list-state";

// The admin's venue table (spec, admin area: 'Admin venues'): search over name, location and
// venue type; sortable columns; coordinates under the location to 6 decimals, with 'Missing
// Coordinates' when they are not valid (both zero, absent or out of range); per row Edit, FAQs, Delete (with the spec's confirmation) and
// Geocode. Search, filters, sort, page and page size live in the URL, so the list can be linked and
// reloaded, and an edit or a delete comes back to it (issue 22). 'Export CSV' is a plain link to
// the list's search, filters and sort as a download (it works before hydration).

type Reply = { ok: boolean; toast?: Toast; warning?: string; venueId?: string } | undefined;

const COLUMNS: { key: AdminSort; label: string }[] = [
  { key: "name", label: "Name" },
  { key: "location", label: "Location" },
  { key: "capacity", label: "Capacity" },
  { key: "category", label: "Category" },
];

export function VenuesTable({
  list,
  params,
  bulkBar,
}: {
  list: AdminVenueList;
  params: AdminListParams;
  /** The bulk actions' form (its checkboxes are in the rows): between the search and the table. */
  bulkBar?: ReactNode;
}) {
  const { q, sort, dir } = params;
  const search = useSearchAsYouType();
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === "/admin/venues";
  const [deleting, setDeleting] = useState<AdminVenueRow | null>(null);

  return (
    <section aria-labelledby="venues-table-title" className="space-y-4">
      <h2 id="venues-table-title" className="sr-only">
        Venue list
      </h2>
      <Form method="get" role="search" className="flex flex-wrap items-center gap-3">
        <label htmlFor="venue-search" className="sr-only">
          Search venues
        </label>
        <div className="relative min-w-64 flex-1">
          <Search
            className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted"
            aria-hidden="true"
          />
          <input
            id="venue-search"
            type="search"
            name="q"
            defaultValue={q}
            placeholder="Search by name, location or category"
            className="block w-full rounded-full border border-sand-dark bg-white py-2.5 pl-9 pr-4 text-ink placeholder:text-muted/80 focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30"
            onChange={search.onChange}
          />
        </div>
        <ListStateFields params={params} omit={["q", "page"]} />
        <Button type="submit" variant="outline" pending={searching}>
          Search
        </Button>
        <a
          href={adminListUrl({ ...params, page: 1, size: undefined }, ADMIN_EXPORT_PATH)}
          download
          className={buttonClass("outline")}
          aria-describedby="venues-export-help"
        >
          <Download className="h-4 w-4" aria-hidden="true" /> Export CSV
        </a>
        <span id="venues-export-help" className="sr-only">
          {`Downloads the ${countLabel(list.total, "venue", "venues")} of this search and these filters, in this order, in the import's columns`}
        </span>
      </Form>

      {bulkBar}

      <ScrollArea
        label="Venue table"
        className="overflow-hidden rounded-2xl border border-sand bg-white shadow-card"
      >
        <table className="stack-table w-full text-left text-sm md:min-w-[56rem]">
          <caption className="sr-only">
            {params.status === "pending" ? "Venues waiting for review" : "Approved venues"}, sorted by {sort}{" "}
            {dir === "asc" ? "ascending" : "descending"}
          </caption>
          <thead className="border-b border-sand bg-cream/60 text-xs uppercase tracking-wide text-ink-soft">
            <tr>
              {bulkBar ? (
                <th scope="col" className="w-10 py-3 pr-0 pl-3">
                  <SelectAllOnPage />
                </th>
              ) : null}
              {COLUMNS.map((c) => {
                const active = c.key === sort;
                const next = active && dir === "asc" ? "desc" : "asc";
                const Icon = active ? (dir === "asc" ? ArrowUp : ArrowDown) : ArrowUpDown;
                return (
                  <th
                    key={c.key}
                    scope="col"
                    aria-sort={active ? (dir === "asc" ? "ascending" : "descending") : "none"}
                    className={cn("px-4 py-3 font-semibold", c.key === "capacity" && "text-right")}
                  >
                    <Link
                      to={adminListUrl({ ...params, sort: c.key, dir: next, page: 1 })}
                      preventScrollReset
                      replace
                      className="inline-flex items-center gap-1.5 hover:text-primary"
                    >
                      {c.label}
                      <Icon className={cn("h-3.5 w-3.5", !active && "opacity-40")} aria-hidden="true" />
                      <span className="sr-only">
                        {active ? `, sorted ${dir === "asc" ? "ascending" : "descending"}` : ""}, sort{" "}
                        {next === "asc" ? "ascending" : "descending"}
                      </span>
                    </Link>
                  </th>
                );
              })}
              <th scope="col" className="px-4 py-3 text-right font-semibold">
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-sand">
            {list.venues.length === 0 ? (
              <tr>
                <td colSpan={bulkBar ? 6 : 5} className="px-4 py-12 text-center text-muted">
                  {isNarrowed(params) ? (
                    <>
                      No venues match {q ? <>&lsquo;{q}&rsquo;</> : null}
                      {isNarrowed({ ...params, q: "" })
                        ? q
                          ? " with these filters"
                          : "these filters"
                        : null}
                      .{" "}
                      <Link
                        to={adminListUrl({ status: params.status, sort, dir, size: params.size })}
                        className="font-medium text-primary underline"
                      >
                        Clear the search and filters
                      </Link>
                    </>
                  ) : params.status === "pending" ? (
                    "No venues are waiting for review."
                  ) : (
                    "No approved venues yet. Add one, or import a CSV file below."
                  )}
                </td>
              </tr>
            ) : (
              list.venues.map((v) => (
                <VenueRow key={v.id} venue={v} selectable={!!bulkBar} onDelete={() => setDeleting(v)} />
              ))
            )}
          </tbody>
        </table>
      </ScrollArea>

      <VenueListPager list={list} params={params} />

      <DeleteVenueDialog venue={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}

const fixed = (n: number) => n.toFixed(6);

function VenueRow({
  venue: v,
  selectable,
  onDelete,
}: {
  venue: AdminVenueRow;
  selectable: boolean;
  onDelete: () => void;
}) {
  const geocoder = useFetcher<Reply>();
  useToast(geocoder.data?.toast);
  const listUrl = useVenueListUrl();
  // The spec flags zero for both; out-of-range ones are as absent from the map, and counted by
  // the page's 'Geocoding Required' warning, so they are flagged too.
  const missing = !isValidCoordinate(v.latitude, v.longitude);
  const iconLink =
    "inline-flex h-9 w-9 items-center justify-center rounded-full text-ink-soft hover:bg-cream hover:text-ink";
  return (
    <tr className="align-top hover:bg-ivory/60">
      {selectable ? (
        <td className="py-2.5 pr-0 pl-3">
          <SelectVenue id={v.id} name={v.name} />
        </td>
      ) : null}
      <th scope="row" className="w-1/4 px-4 py-3 font-medium text-ink">
        <a href={v.path} className="hover:text-primary hover:underline" target="_blank" rel="noreferrer">
          {v.name}
        </a>
      </th>
      <td className="px-4 py-3 text-ink-soft">
        <span className="block">{v.location || "—"}</span>
        {missing ? (
          <span className="mt-1 inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-amber-200">
            <TriangleAlert className="h-3 w-3" aria-hidden="true" /> Missing Coordinates
          </span>
        ) : (
          <span className="mt-0.5 block font-mono text-xs text-muted">
            {`${fixed(v.latitude)}, ${fixed(v.longitude)}`}
          </span>
        )}
      </td>
      <td data-label="Capacity" className="px-4 py-3 text-right tabular-nums text-ink-soft">
        {v.capacity === null ? <span className="text-muted">—</span> : formatNumber(v.capacity)}
      </td>
      <td data-label="Category" className="px-4 py-3 text-ink-soft">
        {v.category ?? <span className="text-muted">None</span>}
      </td>
      <td className="px-4 py-3">
        <div className="flex items-center justify-end gap-1">
          <Link
            to={withReturnTo(`/admin/edit-venue/${v.id}`, listUrl)}
            className={iconLink}
            aria-label={`Edit ${v.name}`}
            title="Edit"
          >
            <Pencil className="h-4 w-4" aria-hidden="true" />
          </Link>
          <Link
            to={`/admin/venue-faqs/${v.id}`}
            className={iconLink}
            aria-label={`FAQs of ${v.name}`}
            title="FAQs"
          >
            <CircleHelp className="h-4 w-4" aria-hidden="true" />
          </Link>
          <geocoder.Form method="post" action="/admin/venues">
            <input type="hidden" name="intent" value="geocode" />
            <input type="hidden" name="venueId" value={v.id} />
            <Button
              type="submit"
              variant="ghost"
              size="icon"
              pending={geocoder.state !== "idle"}
              aria-label={`Geocode ${v.name}`}
              title="Geocode: place on the map from the address"
            >
              {geocoder.state === "idle" ? <LocateFixed className="h-4 w-4" aria-hidden="true" /> : null}
            </Button>
          </geocoder.Form>
          <button
            type="button"
            onClick={onDelete}
            className={cn(iconLink, "text-danger hover:bg-red-50 hover:text-danger")}
            aria-label={`Delete ${v.name}`}
            title="Delete"
          >
            <Trash2 className="h-4 w-4" aria-hidden="true" />
          </button>
        </div>
      </td>
    </tr>
  );
}

/** Spec: 'Are you sure you want to delete this venue?'. */
function DeleteVenueDialog({ venue, onClose }: { venue: AdminVenueRow | null; onClose: () => void }) {
  const fetcher = useFetcher<Reply>();
  useToast(fetcher.data?.toast);
  // A delete answers with a redirect to the list as it was (its toast comes with it): the new
  // location closes the dialog. A refusal or a failed request answers { ok: false } in place and
  // the dialog stays. (The fetcher's passing states are not a signal: a transition may skip them.)
  const listUrl = useVenueListUrl();
  const { key } = useLocation();
  const openedAt = useRef(key);
  useEffect(() => {
    if (openedAt.current === key) return;
    openedAt.current = key;
    onClose();
  }, [key, onClose]);
  // Managed with open inquiries (the list's counts, or the server's 409 if they changed since).
  const warning = !venue
    ? null
    : needsTrashWarning(venue)
      ? trashWarningText([venue])
      : fetcher.data?.warning && fetcher.data.venueId === venue.id
        ? fetcher.data.warning
        : null;
  return (
    <Dialog
      open={venue !== null}
      onClose={onClose}
      title="Delete venue"
      description="Are you sure you want to delete this venue?"
    >
      <p className="mt-4 text-sm text-ink-soft">
        <strong className="text-ink">{venue?.name}</strong> leaves the directory at once and goes to the trash
        with its reviews, FAQs and photos, where it can be restored for {TRASH_DAYS} days.
      </p>
      {warning ? (
        <p role="alert" className="mt-3 text-sm font-medium text-danger">
          {warning}
        </p>
      ) : null}
      <fetcher.Form method="post" action={listUrl} className="mt-6 flex justify-end gap-3">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="venueId" value={venue?.id ?? ""} />
        {warning ? <input type="hidden" name="confirm" value="1" /> : null}
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" pending={fetcher.state !== "idle"}>
          {warning ? "Trash anyway" : "Delete"}
        </Button>
      </fetcher.Form>
    </Dialog>
  );
}
