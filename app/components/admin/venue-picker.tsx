import { LoaderCircle, Search, X } from "~/components/ui/icons";
import { useEffect, useId, useRef, useState } from "react";
import { inputClass } from "~/components/forms/fields";
import type { AssignableVenue, AssignmentChoices } from "~/lib/admin";
import { formatNumber } from "~/lib/format";

export const ASSIGNMENTS_LOAD_FAILED = "Failed to load venue assignments";

/**
 * The multi-select of approved venues for "make venue manager": it opens with the user's current
 * venues selected, lists approved venues by name, and searches them on the server (a directory
 * may hold far more venues than a list can show). `onChange` gets the selected venues.
 */
export function VenuePicker({
  userId,
  onChange,
}: {
  userId: string;
  onChange: (venues: AssignableVenue[]) => void;
}) {
  const [query, setQuery] = useState("");
  const [data, setData] = useState<AssignmentChoices | null>(null);
  const [state, setState] = useState<"loading" | "idle" | "failed">("loading");
  const [selected, setSelected] = useState<AssignableVenue[] | null>(null);
  const listId = useId();

  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  useEffect(() => {
    if (selected) onChangeRef.current(selected);
  }, [selected]);

  // A plain fetch (not a fetcher): a failed answer is this picker's message, not the page's error.
  useEffect(() => {
    const abort = new AbortController();
    const url = `/admin/users/${encodeURIComponent(userId)}/venues${query ? `?q=${encodeURIComponent(query)}` : ""}`;
    const timer = setTimeout(
      () => {
        setState("loading");
        fetch(url, { signal: abort.signal, headers: { Accept: "application/json" } })
          .then(async (res) => {
            if (!res.ok) throw new Error(`HTTP ${res.status}`);
            const next = (await res.json()) as AssignmentChoices;
            setData(next);
            // The first answer's links are the starting selection.
            setSelected((current) => current ?? next.selected);
            setState("idle");
          })
          .catch(() => {
            if (!abort.signal.aborted) setState("failed");
          });
      },
      query ? 250 : 0,
    );
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [userId, query]);

  if (state === "failed")
    return (
      <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-danger">
        {ASSIGNMENTS_LOAD_FAILED}
      </p>
    );
  if (selected === null)
    return (
      <p className="mt-4 flex items-center gap-2 text-sm text-muted" role="status">
        <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden="true" /> Loading venues...
      </p>
    );

  const chosen = new Set(selected.map((v) => v.id));
  const toggle = (venue: AssignableVenue) =>
    setSelected((list) =>
      list!.some((v) => v.id === venue.id) ? list!.filter((v) => v.id !== venue.id) : [...list!, venue],
    );
  const options = data?.options ?? [];
  const total = data?.total ?? 0;

  return (
    <div className="mt-4 space-y-3">
      <div>
        <p className="text-sm font-medium">
          Selected venues <span className="text-muted">({selected.length})</span>
        </p>
        {selected.length === 0 ? (
          <p className="mt-1 text-sm text-muted">
            No venues selected yet: choose at least one. (To take every venue away, remove the user&apos;s
            special roles instead.)
          </p>
        ) : (
          <ul className="mt-2 flex flex-wrap gap-2" aria-label="Selected venues">
            {selected.map((v) => (
              <li key={v.id}>
                <button
                  type="button"
                  onClick={() => toggle(v)}
                  className="inline-flex max-w-64 cursor-pointer items-center gap-1 rounded-full bg-primary-soft py-1 pr-2 pl-3 text-sm text-primary-dark hover:bg-sand"
                  aria-label={`Remove ${v.name}`}
                >
                  <span className="truncate">{v.name}</span>
                  <X className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="relative">
        <Search className="pointer-events-none absolute top-3 left-3 h-4 w-4 text-muted" aria-hidden="true" />
        <input
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Search venues by name or location"
          aria-label="Search venues"
          aria-controls={listId}
          className={`${inputClass} pl-9`}
          maxLength={100}
        />
      </div>
      {/* min-w-0: a fieldset is at least as wide as its longest line (a location that does not
          wrap) unless told otherwise, which made the picker wider than its dialog. */}
      <fieldset className="min-w-0">
        <legend className="sr-only">Approved venues</legend>
        <ul
          id={listId}
          className="max-h-64 divide-y divide-sand overflow-y-auto rounded-lg border border-sand"
          aria-busy={state === "loading" || undefined}
        >
          {options.length === 0 ? (
            <li className="px-3 py-4 text-sm text-muted">No approved venues match.</li>
          ) : (
            options.map((v) => (
              <li key={v.id}>
                <label className="flex cursor-pointer items-start gap-3 px-3 py-2 hover:bg-cream">
                  <input
                    type="checkbox"
                    checked={chosen.has(v.id)}
                    onChange={() => toggle(v)}
                    className="mt-1 h-4 w-4 shrink-0 accent-primary"
                  />
                  <span className="min-w-0">
                    <span className="block text-sm font-medium break-words">{v.name}</span>
                    <span className="block truncate text-xs text-muted">{v.location}</span>
                  </span>
                </label>
              </li>
            ))
          )}
        </ul>
        {total > options.length ? (
          <p className="mt-1 text-xs text-muted">
            Showing the first {formatNumber(options.length)} of {formatNumber(total)} venues by name; search
            to find others.
          </p>
        ) : null}
      </fieldset>
    </div>
  );
}
