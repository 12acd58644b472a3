import { Building2, LayoutDashboard, Mail } from "~/components/ui/icons";
import { useLocation } from "react-router";
import { NavLink } from "~/components/ui/link";
import { SiteExitLinks } from "~/components/back-office/site-exit";
import { cn } from "~/lib/cn";

const LINKS = [
  { to: "/venue-manager/dashboard", label: "Dashboard", icon: LayoutDashboard },
  { to: "/venue-manager/venues", label: "My Venues", icon: Building2 },
  { to: "/venue-manager/inquiries", label: "Inquiries", icon: Mail },
] as const;

const itemClass = (active = false) =>
  cn(
    "inline-flex shrink-0 items-center gap-2 rounded-full px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors sm:px-4",
    active ? "bg-primary text-white" : "text-ink-soft hover:bg-cream hover:text-ink",
  );

/**
 * Spec: the manager layout's header 'Venue Manager', a welcome line, Back to Site and Logout;
 * plus the area's lists. The edit page belongs to My Venues, so that entry stays lit there; Inquiries
 * shows how many are new (issue 23).
 */
export function ManagerHeader({
  user,
  newInquiries,
}: {
  user: { name: string };
  newInquiries: number | null;
}) {
  const { pathname } = useLocation();
  const inVenue = pathname.startsWith("/venue-manager/edit-venue/");
  return (
    <header className="border-b border-sand bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-end justify-between gap-4 px-4 pt-6 pb-4 sm:px-6">
        <div className="min-w-0">
          <p className="text-sm font-medium tracking-wide text-primary uppercase">Venue Manager</p>
          <p className="mt-1 font-serif text-2xl break-words text-ink">{`Welcome back, ${user.name}`}</p>
        </div>
        <div className="-ml-4 flex flex-wrap items-center gap-1 sm:ml-0">
          <SiteExitLinks itemClass={itemClass()} />
        </div>
      </div>
      <nav aria-label="Venue manager" className="mx-auto max-w-6xl px-4 pb-3 sm:px-6">
        {/* Wraps on a phone: every entry and the unread badge stay in sight (issue 41). */}
        <ul className="flex flex-wrap gap-1">
          {LINKS.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <NavLink
                to={to}
                className={({ isActive }) =>
                  itemClass(isActive || (to === "/venue-manager/venues" && inVenue))
                }
              >
                {({ isActive }) => (
                  <>
                    <Icon className="h-4 w-4" aria-hidden="true" />
                    {label}
                    {to === "/venue-manager/inquiries" && newInquiries ? " " : null}
                    {to === "/venue-manager/inquiries" && newInquiries ? (
                      <span
                        className={cn(
                          "rounded-full px-2 py-0.5 text-xs font-semibold",
                          isActive ? "bg-white text-primary" : "bg-accent text-white",
                        )}
                      >
                        {newInquiries}
                        <span className="sr-only"> new</span>
                      </span>
                    ) : null}
                  </>
                )}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
