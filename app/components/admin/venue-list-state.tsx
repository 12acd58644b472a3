import { useMemo } from "react";
import { useLocation } from "react-router";
import { adminListParams, adminListUrl, type AdminListParams } from "~/lib/admin";

// The admin venue list's state (search, filters, sort, page, page size) lives in its address
// (issue 22, item 8). Its GET forms carry the parts they do not set as hidden fields, so each
// works before and without JavaScript and keeps the rest of the state.

/** Hidden fields for the list state, but the parts the form sets itself (`omit`). */
export function ListStateFields({
  params,
  omit,
}: {
  params: AdminListParams;
  omit: readonly (keyof AdminListParams)[];
}) {
  const kept = Object.fromEntries(
    Object.entries(params).filter(([k]) => !omit.includes(k as keyof AdminListParams)),
  );
  const query = new URL(adminListUrl(kept), "http://list.invalid").searchParams;
  return (
    <>
      {[...query].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/** The list's own address as it is now (tidied): where an edit or a delete comes back to. */
export function useVenueListUrl(): string {
  const { search } = useLocation();
  return useMemo(() => adminListUrl(adminListParams(new URLSearchParams(search))), [search]);
}
