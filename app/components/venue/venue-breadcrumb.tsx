import { Breadcrumb } from "~/components/ui/breadcrumb";
import { withContext, type CoupleContext } from "~/lib/couple-context";

/** 'Home / Venues / [venue /] current': the links up keep the couple's context (issue 41). */
export function VenueBreadcrumb({
  context,
  venue,
  current,
}: {
  context: CoupleContext;
  venue?: { path: string; name: string };
  current: string;
}) {
  const links = [
    { to: "/", label: "Home" },
    { to: withContext("/venues", context), label: "Venues" },
  ];
  if (venue) links.push({ to: withContext(venue.path, context), label: venue.name });
  return <Breadcrumb links={links} current={current} />;
}
