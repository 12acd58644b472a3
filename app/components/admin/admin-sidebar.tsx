import {
  Building2,
  Clock,
  LayoutDashboard,
  Mail,
  Shapes,
  ShieldCheck,
  Sparkles,
  Users,
  type Icon,
} from "~/components/ui/icons";
import { useLocation } from "react-router";
import { Link, NavLink } from "~/components/ui/link";
import { SiteExitLinks } from "~/components/back-office/site-exit";
import { cn } from "~/lib/cn";

export const ADMIN_LINKS: { to: string; label: string; icon: Icon }[] = [
  { to: "/admin/dashboard", label: "Dashboard", icon: LayoutDashboard },
  { to: "/admin/venues", label: "Venues", icon: Building2 },
  { to: "/admin/pending", label: "Pending Venues", icon: Clock },
  // Listings their owners claim (issue 45, ADR 047).
  { to: "/admin/claims", label: "Claims", icon: ShieldCheck },
  { to: "/admin/venue-categories", label: "Venue Types", icon: Shapes },
  { to: "/admin/venue-amenities", label: "Amenities", icon: Sparkles },
  { to: "/admin/users", label: "Users", icon: Users },
  // Reported reviews and the hidden ones (issue 45).
  { to: "/admin/reviews", label: "Reviews", icon: ShieldCheck },
  // Every venue's inquiries, in the venue-manager area's inbox (issue 23, ADR 028).
  { to: "/venue-manager/inquiries", label: "Inquiries", icon: Mail },
];

const itemClass = (active = false) =>
  cn(
    "flex shrink-0 items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors",
    active ? "bg-primary text-white" : "text-ink-soft hover:bg-cream hover:text-ink",
  );

/**
 * The admin area's navigation: a sidebar from md up, a scrolling strip above the page below it.
 * The FAQ and edit pages belong to Venues, so that entry stays lit there. The activity log and an
 * import's undo light no entry (issue 41: they are not the Dashboard).
 */
export function AdminSidebar({ user }: { user: { name: string; email: string } }) {
  const { pathname } = useLocation();
  const inVenue = /^\/admin\/(edit-venue|venue-faqs)(\/|$)/.test(pathname);
  return (
    <aside className="border-b border-sand bg-white md:sticky md:top-0 md:flex md:h-dvh md:w-64 md:shrink-0 md:flex-col md:border-r md:border-b-0">
      <div className="flex items-center justify-between gap-3 px-4 pt-4 md:block md:px-5 md:pt-6">
        <Link to="/admin/dashboard" className="flex items-center gap-2 font-serif text-xl font-semibold">
          <img src="/favicon.svg" alt="" width={28} height={28} className="h-7 w-7" />
          Admin
        </Link>
        <p className="min-w-0 truncate text-sm text-muted md:mt-3" title={user.email}>
          {user.name}
        </p>
      </div>
      <nav
        aria-label="Admin"
        className="flex gap-1 overflow-x-auto px-3 py-3 md:flex-1 md:flex-col md:px-3 md:py-6"
      >
        {ADMIN_LINKS.map(({ to, label, icon: Icon }) => (
          <NavLink
            key={to}
            to={to}
            className={({ isActive }) => itemClass(isActive || (to === "/admin/venues" && inVenue))}
          >
            <Icon className="h-4 w-4" aria-hidden="true" />
            {label}
          </NavLink>
        ))}
        <div className="flex gap-1 md:mt-auto md:flex-col md:border-t md:border-sand md:pt-4">
          <SiteExitLinks itemClass={itemClass()} fill formClassName="shrink-0" />
        </div>
      </nav>
    </aside>
  );
}
