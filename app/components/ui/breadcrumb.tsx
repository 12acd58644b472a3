import { Fragment } from "react";
import { Link } from "~/components/ui/link";

/** 'Home / Venues / {name}': the links up, then the current page. */
export function Breadcrumb({ links, current }: { links: { to: string; label: string }[]; current: string }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-muted">
      <ol className="flex flex-wrap items-center gap-1.5">
        {links.map((l) => (
          <Fragment key={l.to}>
            <li>
              <Link to={l.to} className="hover:text-primary hover:underline">
                {l.label}
              </Link>
            </li>
            <li aria-hidden="true">/</li>
          </Fragment>
        ))}
        <li aria-current="page" className="min-w-0 wrap-anywhere text-ink">
          {current}
        </li>
      </ol>
    </nav>
  );
}
