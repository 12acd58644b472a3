import { Search } from "~/components/ui/icons";
import type { FormEvent } from "react";
import { Button } from "~/components/ui/button";
import type { SearchFilters } from "~/lib/search";
import { resultsParams } from "~/lib/search-page";

/**
 * The top search bar: the free text `q` (what the site's SearchAction sends), over the name,
 * address, description and venue type, on top of the panel's filters. A GET form, so it works
 * without JavaScript; with it, `onSearch` navigates to the tidy address.
 */
export function SearchBar({ filters, onSearch }: { filters: SearchFilters; onSearch: (q: string) => void }) {
  // Every other filter travels along; a new search starts again at page 1.
  const kept = resultsParams({ ...filters, q: "", page: 1 });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    onSearch(String(new FormData(e.currentTarget).get("q") ?? ""));
  };
  return (
    <form
      method="get"
      action="/venues"
      role="search"
      aria-label="Search venues"
      onSubmit={submit}
      className="flex gap-2 rounded-full bg-white p-1.5 shadow-card ring-1 ring-sand focus-within:ring-2 focus-within:ring-primary"
    >
      {[...kept].map(([name, value], i) => (
        <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
      ))}
      <label className="flex min-w-0 flex-1 items-center gap-2 pl-3">
        <Search className="h-5 w-5 shrink-0 text-muted" aria-hidden="true" />
        <span className="sr-only">Search by name, town or style</span>
        <input
          key={filters.q}
          type="search"
          name="q"
          defaultValue={filters.q}
          placeholder="Name, town or style"
          className="h-10 w-full min-w-0 bg-transparent outline-none placeholder:text-muted"
        />
      </label>
      <Button type="submit" className="shrink-0">
        Search
      </Button>
    </form>
  );
}
