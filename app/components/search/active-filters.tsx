import { X } from "~/components/ui/icons";
import { Link } from "~/components/ui/link";
import { activeFilters, removeFilter, type SearchFilters } from "~/lib/search";
import { resultsUrl, type SearchChoices } from "~/lib/search-page";

/**
 * The 'Active Filters' chips (spec: location, venue name, region, guests as 'N+', max price, each
 * venue type, each amenity). Each is a link to the same search without it, so removing one works
 * without JavaScript too.
 */
export function ActiveFilters({ filters, choices }: { filters: SearchFilters; choices: SearchChoices }) {
  const typeName = new Map(choices.categories.map((c) => [c.id, c.name]));
  const chips = activeFilters(filters, (id) => typeName.get(id));
  if (chips.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <h2 className="mr-1 font-sans text-sm font-medium text-ink-soft">Active Filters:</h2>
      <ul className="contents">
        {chips.map((chip) => (
          <li key={chip.key}>
            <Link
              to={resultsUrl(removeFilter(filters, chip))}
              preventScrollReset
              aria-label={`Remove filter: ${chip.label}`}
              className="inline-flex min-h-8 items-center gap-1.5 rounded-full border border-primary/25 bg-primary-soft py-1 pl-3 pr-2 text-sm font-medium text-primary hover:border-primary/50 hover:bg-white"
            >
              <span className="max-w-52 truncate">{chip.label}</span>
              <X className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
