import type { ReactNode } from "react";
import { Link } from "~/components/ui/link";

export type LinkItem = { readonly to: string; readonly label: string };

/** A list of links, one an item (the menus and the footer); `children` are items put first. */
export function LinkList({
  links,
  className,
  linkClassName,
  children,
}: {
  links: readonly LinkItem[];
  className?: string;
  linkClassName?: string;
  children?: ReactNode;
}) {
  return (
    <ul className={className}>
      {children}
      {links.map((item) => (
        <li key={item.to}>
          <Link to={item.to} className={linkClassName}>
            {item.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
