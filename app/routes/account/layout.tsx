import {
  Clock,
  Heart,
  Mail,
  KeyRound,
  LayoutDashboard,
  MapPin,
  MessageSquare,
  Search,
  Shield,
  ShieldCheck,
  UserRound,
  type Icon,
} from "~/components/ui/icons";
import { Outlet, redirect } from "react-router";
import { Link, NavLink } from "~/components/ui/link";
import type { Route } from "./+types/layout";
import { LogoutButton } from "~/components/layout/logout-button";
import { UserAvatar } from "~/components/layout/user-avatar";
import { expectUser, requireUser } from "~/infra/session.server";
import { cn } from "~/lib/cn";

// /account and its tabs (spec: Account Settings, Change Password, Saved Venues, My Venues; My
// Inquiries, issue 23; Email Settings, issue 44), each tab a nested route with its own loader and action, all behind one guard.
export const middleware: Route.MiddlewareFunction[] = [requireUser];

/** The old `?tab=` addresses of the account page. */
const OLD_TABS: Record<string, string> = {
  settings: "/account",
  password: "/account/password",
  venues: "/account/venues",
};

export function loader({ request, context }: Route.LoaderArgs) {
  const tab = new URL(request.url).searchParams.get("tab");
  if (tab) throw redirect(OLD_TABS[tab] ?? "/account", 301);
  return { user: expectUser(context) };
}

const linkClass = (active = false) =>
  cn(
    "flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium",
    active ? "bg-primary-soft text-primary" : "text-ink-soft hover:bg-cream hover:text-ink",
  );

/** The sections, in order; `end: false` keeps a tab active on its deeper pages, `plain` is no tab. */
const TABS: { to: string; icon: Icon; label: string; end?: boolean; plain?: boolean }[] = [
  { to: "/account", icon: UserRound, label: "Account Settings" },
  { to: "/account/emails", icon: Mail, label: "Email Settings" },
  { to: "/account/password", icon: KeyRound, label: "Change Password" },
  { to: "/favorites", icon: Heart, label: "Saved Venues", plain: true },
  // Active on a submission's own page (/account/venues/{id}) too.
  { to: "/account/venues", icon: MapPin, label: "My Venues", end: false },
  { to: "/account/inquiries", icon: MessageSquare, label: "My Inquiries" },
  { to: "/account/searches", icon: Search, label: "Saved Searches" },
  { to: "/account/tours", icon: Clock, label: "Site Visits" },
  { to: "/account/privacy", icon: ShieldCheck, label: "Privacy", end: false },
];

function TabLink({ to, end = true, children }: { to: string; end?: boolean; children: React.ReactNode }) {
  return (
    <NavLink to={to} end={end} preventScrollReset className={({ isActive }) => linkClass(isActive)}>
      {children}
    </NavLink>
  );
}

export default function AccountLayout({ loaderData }: Route.ComponentProps) {
  const { user } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <h1 className="text-4xl">My Account</h1>
      <div className="mt-8 grid gap-8 md:grid-cols-[260px_1fr]">
        <aside className="h-fit min-w-0 rounded-2xl border border-sand bg-white p-4 shadow-card">
          <div className="flex items-center gap-3 border-b border-sand px-2 pb-4">
            <UserAvatar name={user.name} url={user.avatarUrl} size={48} />
            <div className="min-w-0">
              <p className="truncate font-semibold" title={user.name}>
                {user.name}
              </p>
              <p className="truncate text-sm text-muted" title={user.email}>
                {user.email}
              </p>
              <div className="mt-1 flex flex-wrap gap-1">
                {user.role === "admin" ? (
                  <span className="rounded-full bg-primary px-2 py-0.5 text-xs font-medium text-white">
                    Admin
                  </span>
                ) : null}
                {user.role === "venue_manager" ? (
                  <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-medium text-white">
                    Venue Manager
                  </span>
                ) : null}
              </div>
            </div>
          </div>
          <nav aria-label="Account sections" className="mt-3 space-y-1">
            {TABS.map(({ to, icon: Icon, label, end, plain }) => {
              // One text node after the icon, as a literal " Label" would be.
              const content = (
                <>
                  <Icon className="h-4 w-4" aria-hidden="true" />
                  {` ${label}`}
                </>
              );
              return plain ? (
                <Link key={to} to={to} className={linkClass()}>
                  {content}
                </Link>
              ) : (
                <TabLink key={to} to={to} end={end}>
                  {content}
                </TabLink>
              );
            })}
            {user.role === "admin" ? (
              <Link to="/admin/dashboard" className={linkClass()}>
                <Shield className="h-4 w-4" aria-hidden="true" /> Admin Dashboard
              </Link>
            ) : null}
            {user.role === "venue_manager" ? (
              <Link to="/venue-manager/dashboard" className={linkClass()}>
                <LayoutDashboard className="h-4 w-4" aria-hidden="true" /> Venue Manager
              </Link>
            ) : null}
            <LogoutButton className="flex w-full cursor-pointer items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-danger hover:bg-red-50 disabled:opacity-60" />
          </nav>
        </aside>
        <section className="min-w-0 rounded-2xl border border-sand bg-white p-6 shadow-card sm:p-8">
          <Outlet />
        </section>
      </div>
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/layout/error-boundary";
