import { Search, X } from "~/components/ui/icons";
import { memo, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Link } from "~/components/ui/link";
import { Field, inputClass } from "~/components/forms/fields";
import { Button, buttonClass } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import {
  clearFilters,
  parseSearchParams,
  PRICE_SLIDER,
  REGIONS,
  type Region,
  type SearchFilters,
} from "~/lib/search";
import { resultsParams, resultsUrl, type SearchChoices } from "~/lib/search-page";
import { formatCurrency } from "~/lib/format";
import { monthOf, searchWindow, utcDay } from "~/lib/dates";

export const FILTER_PANEL_ID = "search-filters";

type Props = {
  filters: SearchFilters;
  choices: SearchChoices;
  /** 'Apply Filters' with JavaScript: the filters as the form holds them. */
  onApply: (next: SearchFilters) => void;
  /** Below the lg breakpoint the panel is a drawer: shown or not. */
  open: boolean;
  onClose: () => void;
  /** Before hydration the drawer opens through its #search-filters anchor instead. */
  hydrated: boolean;
  /** A wedding date or month the server refused (in the past), with what was typed. */
  dateError?: { message: string; date: string; month: string } | null;
};

/** A group of filters; its legend and its checkbox and radio rows are styled by `.filter-group`
 *  (app/styles/cards.css), once for 45 rows with no class of their own (issue 42). */
function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="filter-group">
      <legend>{legend}</legend>
      {children}
    </fieldset>
  );
}

/**
 * The search filters as one GET form to /venues, so they work before and without JavaScript
 * (the browser writes the query); with it, 'Apply Filters' navigates to the tidy address of
 * search.ts instead. The fields start from the current filters: the page remounts the panel when
 * the address changes (a chip removed, back and forward).
 */
export function FilterPanel({ filters, choices, onApply, open, onClose, hydrated, dateError }: Props) {
  const sheet = useRef<HTMLDivElement>(null);

  // The drawer (small screens): Escape closes it; opening it moves focus inside.
  useEffect(() => {
    if (!open) return;
    sheet.current?.querySelector<HTMLElement>("form input:not([type=hidden])")?.focus();
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && onClose();
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open, onClose]);

  return (
    <div
      id={FILTER_PANEL_ID}
      ref={sheet}
      aria-label="Filters"
      role="region"
      className={cn(
        "lg:block",
        hydrated
          ? // A full-height sheet below the 60 px header, as the mobile menu. Closed, it is laid
            // out but invisible, so opening it only shows it: with display:none, each opening
            // styled and laid out its 300 elements before the first frame (issue 42).
            cn(
              "fixed inset-x-0 bottom-0 top-[60px] z-40 overflow-y-auto overscroll-contain bg-ivory px-4 pb-4 lg:visible lg:static lg:z-auto lg:overflow-visible lg:bg-transparent lg:p-0 lg:animate-none",
              open ? "animate-fade-in" : "invisible",
            )
          : "hidden target:block",
      )}
    >
      <div
        className={cn(
          "sticky top-0 z-10 -mx-4 mb-4 flex items-center justify-between border-b border-sand bg-ivory px-4 py-3 lg:hidden",
          // Without scripts the panel is in the page, which scrolls under the fixed header.
          !hydrated && "top-(--header-h)",
        )}
      >
        <h2 className="font-sans text-lg font-semibold">Filters</h2>
        {hydrated ? (
          <Button variant="ghost" size="sm" onClick={onClose} aria-controls={FILTER_PANEL_ID}>
            <X className="h-4 w-4" aria-hidden="true" /> Hide Filters
          </Button>
        ) : (
          <a href="#" className={buttonClass("ghost", "sm")}>
            <X className="h-4 w-4" aria-hidden="true" /> Hide Filters
          </a>
        )}
      </div>
      <FilterForm filters={filters} choices={choices} onApply={onApply} dateError={dateError} />
    </div>
  );
}

/**
 * The form itself, apart from the drawer around it: opening or closing the drawer, or 'Apply
 * Filters' closing it, re-renders none of its 300 elements (issue 42, a tap's time to paint).
 */
const FilterForm = memo(function FilterForm({
  filters,
  choices,
  onApply,
  dateError,
}: Pick<Props, "filters" | "choices" | "onApply" | "dateError">) {
  const [maxPrice, setMaxPrice] = useState(filters.maxPrice);
  const [region, setRegion] = useState<Region | null>(filters.region);
  const [amenityQuery, setAmenityQuery] = useState("");
  const ids = useId();

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const query = new URLSearchParams();
    for (const [k, v] of form) if (typeof v === "string") query.append(k, v);
    onApply({ ...parseSearchParams(query), page: 1 });
  };

  const amenityWords = amenityQuery.trim().toLowerCase();
  const shownAmenities = choices.amenities.filter((a) => a.toLowerCase().includes(amenityWords));
  // The tab, the order and the free text travel with the form; the page starts again at 1.
  const kept = resultsParams({ q: filters.q, sort: filters.sort, view: filters.view });

  return (
    <form
      method="get"
      action="/venues"
      onSubmit={submit}
      aria-label="Search filters"
      className="space-y-6 rounded-[var(--radius-card)] lg:bg-white lg:p-5 lg:shadow-card"
    >
      <h2 className="hidden font-sans text-lg font-semibold lg:block">Filters</h2>
      {[...kept].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Field
        label="Location"
        name="location"
        defaultValue={filters.location}
        placeholder="City, Zip Code"
        autoComplete="off"
      />
      <Field label="Venue Name" name="venueName" defaultValue={filters.venueName} autoComplete="off" />
      <Group legend="Wedding Date">
        <p className="text-xs text-muted">
          Shows venues free that day. Flexible? Choose a month instead: venues with a free day in it.
        </p>
        <Field
          label="Date"
          name="date"
          type="date"
          min={utcDay()}
          max={searchWindow().last}
          defaultValue={dateError ? dateError.date : (filters.date ?? "")}
          error={dateError?.date ? dateError.message : undefined}
        />
        <Field
          label="Or any day in (flexible)"
          name="month"
          type="month"
          min={monthOf(utcDay())}
          max={monthOf(searchWindow().last)}
          defaultValue={dateError ? dateError.month : (filters.month ?? "")}
          error={dateError && !dateError.date ? dateError.message : undefined}
        />
        {/* Issue 41: a venue whose calendar nobody keeps is 'Not confirmed', listed after. */}
        <label>
          <input type="checkbox" name="confirmed" value="1" defaultChecked={filters.confirmed} />
          Confirmed free only
        </label>
      </Group>
      <Field
        label="Guests"
        name="guests"
        type="number"
        min={1}
        inputMode="numeric"
        placeholder="Number of guests"
        defaultValue={filters.guests ?? ""}
      />
      {/* Issue 43: what the venues state by layout and about catering. */}
      <Group legend="Seating and catering">
        <label>
          <input type="checkbox" name="seated" value="1" defaultChecked={filters.seated} />
          Room for a seated dinner
        </label>
        <label>
          <input type="checkbox" name="catering" value="outside" defaultChecked={filters.outsideCatering} />
          Outside catering allowed
        </label>
      </Group>
      <div className="space-y-2">
        <div className="flex items-baseline justify-between gap-2">
          <label htmlFor={`${ids}-price`} className="text-sm font-medium text-ink">
            Max Price
          </label>
          <output htmlFor={`${ids}-price`} className="text-sm text-ink-soft">
            {maxPrice >= PRICE_SLIDER.max ? "Any price" : `Up to ${formatCurrency(maxPrice)}`}
          </output>
        </div>
        <input
          id={`${ids}-price`}
          type="range"
          name="maxPrice"
          min={PRICE_SLIDER.min}
          max={PRICE_SLIDER.max}
          step={PRICE_SLIDER.step}
          value={maxPrice}
          aria-valuetext={maxPrice >= PRICE_SLIDER.max ? "Any price" : formatCurrency(maxPrice)}
          onChange={(e) => setMaxPrice(Number(e.currentTarget.value))}
          className="h-6 w-full cursor-pointer accent-primary"
        />
        <div className="flex justify-between text-xs text-muted" aria-hidden="true">
          <span>{formatCurrency(PRICE_SLIDER.min)}</span>
          <span>{`${formatCurrency(PRICE_SLIDER.max)}+`}</span>
        </div>
      </div>
      <Group legend="Region">
        {/* One region at a time; choosing the chosen one again clears it (spec). */}
        {REGIONS.map((r) => (
          <label key={r}>
            <input
              type="radio"
              name="region"
              value={r}
              checked={region === r}
              onChange={() => setRegion(r)}
              onClick={() => region === r && setRegion(null)}
            />
            {r}
          </label>
        ))}
      </Group>
      {choices.categories.length > 0 ? (
        <Group legend="Venue Type">
          {choices.categories.map((c) => (
            <label key={c.id}>
              <input
                type="checkbox"
                name="category"
                value={c.id}
                defaultChecked={filters.categories.includes(c.id)}
              />
              {c.name}
            </label>
          ))}
        </Group>
      ) : null}
      <Group legend="Amenities">
        <label className="relative block">
          <span className="sr-only">Search amenities</span>
          <Search
            className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted"
            aria-hidden="true"
          />
          <input
            type="search"
            value={amenityQuery}
            onChange={(e) => setAmenityQuery(e.currentTarget.value)}
            // Not a filter of its own (no name, so not sent): it only narrows the list below.
            onKeyDown={(e) => e.key === "Enter" && e.preventDefault()}
            placeholder="Search amenities"
            className={cn(inputClass, "pl-9 text-sm")}
          />
        </label>
        <div className="max-h-64 space-y-1 overflow-y-auto pr-1">
          {choices.amenities.map((a) => (
            // Hidden rather than removed: a ticked amenity stays in the form while the list is narrowed.
            <label key={a} className={shownAmenities.includes(a) ? undefined : "hidden"}>
              <input
                type="checkbox"
                name="amenities"
                value={a}
                defaultChecked={filters.amenities.includes(a)}
              />
              {a}
            </label>
          ))}
          {shownAmenities.length === 0 ? (
            <p className="py-1 text-sm text-muted">No amenity matches “{amenityQuery.trim()}”.</p>
          ) : null}
        </div>
      </Group>
      <div className="sticky bottom-0 -mx-4 flex gap-3 border-t border-sand bg-ivory px-4 py-3 lg:static lg:m-0 lg:border-0 lg:bg-transparent lg:p-0">
        <Button type="submit" className="flex-1 whitespace-nowrap">
          Apply Filters
        </Button>
        <Link
          to={resultsUrl(clearFilters(filters))}
          className={buttonClass("outline", "md", "whitespace-nowrap")}
        >
          Clear All
        </Link>
      </div>
    </form>
  );
});
