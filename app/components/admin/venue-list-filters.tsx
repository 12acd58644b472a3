import { SlidersHorizontal } from "~/components/ui/icons";
import type { FormEvent } from "react";
import { useNavigate } from "react-router";
import { Link } from "~/components/ui/link";
import { SelectField } from "~/components/forms/fields";
import { Button, buttonClass } from "~/components/ui/button";
import {
  adminListParams,
  adminListUrl,
  ADMIN_VENUES_PATH,
  isNarrowed,
  type AdminListParams,
} from "~/lib/admin";
import { REGIONS } from "~/lib/catalog";
import { ListStateFields } from "./venue-list-state";

// The venue list's filters (issue 22, item 8): status (the spec's approved venues, or those
// waiting for review), missing coordinates, venue type and region. A GET form to the list, so it
// works before and without JavaScript; with it, the address is the tidy one of adminListUrl. The
// search, sort and page size are kept; the page starts again at 1. The parent remounts the form
// when the address changes, so the fields always show the list's state.

const FILTERS = ["status", "coords", "category", "region", "page"] as const;

export function VenueListFilters({
  params,
  venueTypes,
}: {
  params: AdminListParams;
  venueTypes: { id: string; name: string }[];
}) {
  const navigate = useNavigate();
  const apply = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const query = new URLSearchParams();
    for (const [k, v] of new FormData(e.currentTarget)) if (typeof v === "string") query.append(k, v);
    void navigate(adminListUrl(adminListParams(query)), { preventScrollReset: true });
  };
  const filtered = isNarrowed({ ...params, q: "" }) || params.status !== "approved";
  return (
    <form
      method="get"
      action={ADMIN_VENUES_PATH}
      onSubmit={apply}
      aria-labelledby="venue-filters-title"
      className="rounded-2xl border border-sand bg-white p-4 shadow-card"
    >
      <h2 id="venue-filters-title" className="flex items-center gap-2 text-sm font-semibold text-ink">
        <SlidersHorizontal className="h-4 w-4" aria-hidden="true" /> Filters
      </h2>
      <ListStateFields params={params} omit={FILTERS} />
      <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4 lg:items-end">
        <SelectField
          label="Status"
          name="status"
          defaultValue={params.status}
          options={[
            { value: "approved", label: "Approved" },
            { value: "pending", label: "Pending review" },
          ]}
        />
        <SelectField
          label="Venue type"
          name="category"
          defaultValue={params.category ?? ""}
          placeholder="All venue types"
          options={venueTypes.map((t) => ({ value: t.id, label: t.name }))}
        />
        <SelectField
          label="Region"
          name="region"
          defaultValue={params.region ?? ""}
          placeholder="All regions"
          options={REGIONS.map((r) => ({ value: r, label: r }))}
        />
        <label className="filter-option min-h-11">
          <input type="checkbox" name="coords" value="missing" defaultChecked={params.coords === "missing"} />
          Missing coordinates only
        </label>
      </div>
      <div className="mt-3 flex flex-wrap justify-end gap-2">
        {filtered ? (
          <Link
            to={adminListUrl({ q: params.q, sort: params.sort, dir: params.dir, size: params.size })}
            preventScrollReset
            className={buttonClass("ghost", "sm")}
          >
            Clear filters
          </Link>
        ) : null}
        <Button type="submit" variant="outline" size="sm">
          Apply filters
        </Button>
      </div>
    </form>
  );
}
