import { Fragment } from "react";
import { Link } from "~/components/ui/link";

/** 'Home / Venues / {name}': the links up, then the current page. */
export function Breadcrumb({ links, current }: { links: { to: string; label: string }[]; current: string }) {
  return (
    // `.breadcrumb` in app/styles/venue-page.css styles the list, its links and the current page.
    <nav aria-label="Breadcrumb" className="breadcrumb">
      <ol>
        {links.map((l) => (
          <Fragment key={l.to}>
            <li>
              <Link to={l.to}>{l.label}</Link>
            </li>
            <li aria-hidden="true">/</li>
          </Fragment>
        ))}
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}
