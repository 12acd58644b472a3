import { Form, useLocation } from "react-router";
import { Link } from "~/components/ui/link";
import { Button } from "~/components/ui/button";
import { formatDate } from "~/lib/admin";
import { countOf, type ImportChoice } from "~/lib/venue-bulk";

// The admin list's 'imported by file X' filter (issue 22, item 8; ADR 023): `?import=<id>` in the
// list's address, like its search. A GET form of its own that carries the list's other
// parameters along (whatever they are), and starts again at page 1.

const KEPT_OUT = new Set(["import", "page"]);

export function VenueImportFilter({ imports, current }: { imports: ImportChoice[]; current: string }) {
  const { pathname, search } = useLocation();
  if (imports.length === 0) return null;
  const others = [...new URLSearchParams(search)].filter(([k]) => !KEPT_OUT.has(k));
  const chosen = imports.find((i) => i.id === current);
  const clear = new URLSearchParams(others).toString();
  return (
    <Form method="get" action={pathname} className="flex flex-wrap items-center gap-2 text-sm">
      {others.map(([k, v], i) => (
        <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
      ))}
      <label htmlFor="import-filter" className="font-medium text-ink">
        Imported by file
      </label>
      <select
        id="import-filter"
        name="import"
        defaultValue={current}
        className="max-w-full min-w-0 rounded-full border border-sand-dark bg-white px-3 py-2 text-ink focus:border-primary focus:ring-2 focus:ring-primary/30 focus:outline-none"
      >
        <option value="">Any file or none</option>
        {imports.map((i) => (
          <option key={i.id} value={i.id}>
            {i.fileName} ({formatDate(i.createdAt)}, {countOf(i.venues, "venue")})
          </option>
        ))}
      </select>
      <Button type="submit" variant="outline" size="sm">
        Filter
      </Button>
      {chosen ? (
        <Link
          to={`${pathname}${clear ? `?${clear}` : ""}`}
          className="text-primary underline-offset-2 hover:underline"
        >
          Show venues from any file
        </Link>
      ) : null}
    </Form>
  );
}
