import { ChevronDown, LayoutDashboard, Menu, Shield, X } from "~/components/ui/icons";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useLocation } from "react-router";
import { Link, NavLink } from "~/components/ui/link";
import { SignInLink } from "~/components/auth/auth-dialog";
import { Button, ButtonLink, buttonClass } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { useRootData } from "~/lib/root-data";
import { useHydrated } from "~/lib/use-hydrated";
import type { AppUser } from "~/lib/user";
import { LinkList } from "./link-list";
import { ADMIN_NAV, MAIN_NAV, MANAGER_DASHBOARD } from "./nav";
import { UserAvatar } from "./user-avatar";

const SCROLL_THRESHOLD = 10;

function useScrolled(): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > SCROLL_THRESHOLD);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  return scrolled;
}

// The header's and footer's parts have one class each, or none, in app/styles/chrome.css: they
// are on every page (issue 42).

export function Brand() {
  const { site } = useRootData();
  return (
    <Link to="/" className="brand">
      <img src="/favicon.svg" alt="" width={28} height={28} fetchPriority="low" />
      <span>{site.siteName}</span>
    </Link>
  );
}

/** A NavLink without a class: styled by its list, and as the current page by aria-current. */
const noClass = () => undefined;

/** Closes a disclosure on Escape, on a click outside it, and on every route change. */
function useDisclosure() {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const location = useLocation();
  const [routeKey, setRouteKey] = useState(location.key);
  if (routeKey !== location.key) {
    setRouteKey(location.key);
    setOpen(false);
  }
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    const onClick = (e: MouseEvent) => !ref.current?.contains(e.target as Node) && setOpen(false);
    document.addEventListener("keydown", onKey);
    document.addEventListener("click", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("click", onClick);
    };
  }, [open]);
  return { open, setOpen, ref };
}

function AdminMenu() {
  const { open, setOpen, ref } = useDisclosure();
  return (
    <div ref={ref} className="relative">
      <Button
        variant="ghost"
        size="sm"
        aria-expanded={open}
        aria-controls="admin-menu"
        onClick={() => setOpen(!open)}
      >
        <Shield className="h-4 w-4" aria-hidden="true" /> Admin{" "}
        <ChevronDown className="h-4 w-4" aria-hidden="true" />
      </Button>
      <nav
        id="admin-menu"
        aria-label="Admin"
        hidden={!open}
        className="absolute right-0 top-full z-50 mt-2 min-w-48 rounded-xl border border-sand bg-white p-1.5 shadow-lift"
      >
        <LinkList
          links={ADMIN_NAV}
          linkClassName="block rounded-lg px-3 py-2 text-sm text-ink hover:bg-cream"
        />
      </nav>
    </div>
  );
}

function AccountControl({ user }: { user: AppUser | null }) {
  if (!user) return <SignInLink className={buttonClass("primary", "sm")} />;
  return (
    <Link
      to="/account"
      className="flex items-center gap-2 rounded-full p-1 text-sm font-medium hover:bg-cream lg:pr-3"
      aria-label={`My account (${user.name})`}
    >
      <UserAvatar name={user.name} url={user.avatarUrl} />
      {/* Between the phone menu and 1024 px the links and the Dashboard button take the room. */}
      <span className="hidden max-w-32 truncate lg:inline">{user.name}</span>
    </Link>
  );
}

/** A titled group of the mobile sheet (the admin's and the manager's links). */
function MobileSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="mt-6" aria-labelledby={id}>
      <h2 id={id} className="font-sans text-xs font-semibold uppercase tracking-wider text-muted">
        {title}
      </h2>
      {children}
    </section>
  );
}

// Until the script runs the menu opens as the filter drawer does: a link to the sheet, shown while
// it is the page's target (`:target`), and a link to "#" closes it (ADR 020).
function MobileMenu({ user, hydrated }: { user: AppUser | null; hydrated: boolean }) {
  const { open, setOpen, ref } = useDisclosure();
  // Opened by its link before the page ran: it stays open once the page runs.
  useEffect(() => {
    if (window.location.hash === "#mobile-menu") setOpen(true);
  }, [setOpen]);
  return (
    <div ref={ref} className="md:hidden">
      {hydrated ? (
        <Button
          variant="ghost"
          size="icon"
          aria-expanded={open}
          aria-controls="mobile-menu"
          aria-label={open ? "Close menu" : "Open menu"}
          onClick={() => setOpen(!open)}
        >
          {open ? (
            <X className="h-6 w-6" aria-hidden="true" />
          ) : (
            <Menu className="h-6 w-6" aria-hidden="true" />
          )}
        </Button>
      ) : (
        <>
          {/* One of the two shows: Open, or Close while the sheet is the target. */}
          <a href="#mobile-menu" aria-label="Open menu" className={buttonClass("ghost", "icon", "menu-open")}>
            <Menu className="h-6 w-6" aria-hidden="true" />
          </a>
          <a href="#" aria-label="Close menu" className={buttonClass("ghost", "icon", "menu-close")}>
            <X className="h-6 w-6" aria-hidden="true" />
          </a>
        </>
      )}
      {/* A full-height sheet below the 60 px header. */}
      <div
        id="mobile-menu"
        data-testid="mobile-menu"
        hidden={hydrated ? !open : undefined}
        className={cn("mobile-menu", !hydrated && "hidden target:block")}
      >
        <nav aria-label="Mobile">
          <ul>
            {MAIN_NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end className={noClass}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {user?.role === "admin" ? (
          <MobileSection id="mobile-admin" title="Admin Functions">
            <LinkList
              links={ADMIN_NAV}
              className="mt-2 grid grid-cols-2 gap-2"
              linkClassName="block rounded-lg bg-cream px-3 py-2.5 text-sm"
            />
          </MobileSection>
        ) : null}
        {user?.role === "venue_manager" ? (
          <MobileSection id="mobile-manager" title="Venue Manager">
            <ButtonLink to={MANAGER_DASHBOARD} variant="secondary" className="mt-2 w-full">
              <LayoutDashboard className="h-4 w-4" aria-hidden="true" /> Dashboard
            </ButtonLink>
          </MobileSection>
        ) : null}
        <div className="mt-8">
          {user ? (
            <ButtonLink to="/account" className="w-full">
              Account
            </ButtonLink>
          ) : (
            <SignInLink className={buttonClass("primary", "md", "w-full")} onOpen={() => setOpen(false)} />
          )}
        </div>
      </div>
    </div>
  );
}

export function SiteHeader({ user }: { user: AppUser | null }) {
  const scrolled = useScrolled();
  const hydrated = useHydrated();
  return (
    // Scrolled, the background and the bar change (data-scrolled, in app/styles/chrome.css).
    <header data-scrolled={scrolled ? "true" : "false"} className="site-header">
      {/* The background and its blur live on this layer, not on the header: a backdrop-filter makes
          its element the containing block of fixed descendants, which clipped the mobile menu's
          full-height sheet to the header's 60 px. */}
      <div aria-hidden="true" className="header-bg" />
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <div className="header-bar">
        <Brand />
        <nav aria-label="Main" className="main-nav">
          <ul>
            {MAIN_NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === "/"} className={noClass}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="header-actions">
          {user?.role === "admin" ? <AdminMenu /> : null}
          {user?.role === "venue_manager" ? (
            <ButtonLink to={MANAGER_DASHBOARD} variant="outline" size="sm">
              <LayoutDashboard className="h-4 w-4" aria-hidden="true" /> Dashboard
            </ButtonLink>
          ) : null}
          <AccountControl user={user} />
        </div>
        <MobileMenu user={user} hydrated={hydrated} />
      </div>
    </header>
  );
}
