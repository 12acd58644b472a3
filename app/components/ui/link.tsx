import type { ComponentProps } from "react";
import { Link as RouterLink, NavLink as RouterNavLink } from "react-router";

// React Router's links without `data-discover`. It marks a link for lazy route discovery, which
// this site does not use: the route manifest comes whole with the first page (ADR 035), and the
// router reads the attribute only in "lazy" mode. Twenty bytes a link, 48 links on a page of
// results (issue 42).

export function Link(props: ComponentProps<typeof RouterLink>) {
  return <RouterLink discover="none" {...props} />;
}

export function NavLink(props: ComponentProps<typeof RouterNavLink>) {
  return <RouterNavLink discover="none" {...props} />;
}
