import { LayoutGrid, List } from "~/components/ui/icons";
import { useLocation } from "react-router";
import { Link } from "~/components/ui/link";
import { cn } from "~/lib/cn";

export type ViewMode = "grid" | "list";

export function viewFromSearch(search: URLSearchParams): ViewMode {
  return search.get("view") === "list" ? "list" : "grid";
}

/** Grid/List switch kept in the URL (`?view=list`), so the choice survives reloads and sharing. */
export function ViewToggle({ view }: { view: ViewMode }) {
  const location = useLocation();
  const href = (mode: ViewMode) => {
    const params = new URLSearchParams(location.search);
    if (mode === "list") params.set("view", "list");
    else params.delete("view");
    const qs = params.toString();
    return `${location.pathname}${qs ? `?${qs}` : ""}`;
  };
  const item = (mode: ViewMode, label: string, Icon: typeof List) => (
    <Link
      to={href(mode)}
      replace
      preventScrollReset
      aria-label={`${label} view`}
      aria-pressed={view === mode}
      role="button"
      className={cn(
        "flex h-9 items-center gap-1.5 rounded-full px-3 text-sm font-medium",
        view === mode ? "bg-white text-ink shadow-card" : "text-ink-soft hover:text-ink",
      )}
    >
      <Icon className="h-4 w-4" aria-hidden="true" />
      {label}
    </Link>
  );
  return (
    <div className="inline-flex rounded-full bg-cream p-1" role="group" aria-label="Layout">
      {item("grid", "Grid", LayoutGrid)}
      {item("list", "List", List)}
    </div>
  );
}
