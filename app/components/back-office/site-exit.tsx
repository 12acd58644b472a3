import { Link } from "~/components/ui/link";
import { LogoutButton } from "~/components/layout/logout-button";
import { ArrowLeft } from "~/components/ui/icons";
import { cn } from "~/lib/cn";

/**
 * The way out of a back-office area (admin sidebar, manager header): Back to Site, then Logout in
 * the danger colour. `itemClass` is the area's own nav item look; `fill` stretches the logout.
 */
export function SiteExitLinks({
  itemClass,
  fill = false,
  formClassName,
}: {
  itemClass: string;
  fill?: boolean;
  formClassName?: string;
}) {
  return (
    <>
      <Link to="/" className={itemClass}>
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to Site
      </Link>
      <LogoutButton
        formClassName={formClassName}
        className={cn(
          itemClass,
          fill && "w-full",
          "cursor-pointer text-danger hover:bg-red-50 hover:text-danger disabled:opacity-60",
        )}
      />
    </>
  );
}
