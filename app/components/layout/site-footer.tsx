import { Link } from "react-router";
import { SignInLink } from "~/components/auth/auth-dialog";
import { Button } from "~/components/ui/button";
import { useSubmitVenue } from "~/components/venue-form/venue-submission";
import { useRootData } from "~/lib/root-data";
import { useHydrated } from "~/lib/use-hydrated";
import type { AppUser } from "~/lib/user";
import { Brand } from "./site-header";

const linkClass = "footer-link";

export function SiteFooter({ user }: { user: AppUser | null }) {
  const submitVenue = useSubmitVenue();
  const { site } = useRootData();
  const hydrated = useHydrated();
  return (
    <footer className="mt-24 border-t border-sand bg-cream">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-[1.6fr_1fr_1fr_1fr]">
        <div className="space-y-4">
          <Brand />
          <p className="max-w-xs text-sm text-ink-soft">
            A curated directory of Colorado wedding venues, from mountain vistas to rustic barns.
          </p>
          {/* The submission form (photos, a dialog) needs the script: not ready until it runs. */}
          <Button variant="outline" size="sm" onClick={submitVenue} disabled={!hydrated}>
            Submit Your Colorado Venue
          </Button>
        </div>
        <nav aria-labelledby="footer-explore">
          <h2 id="footer-explore" className="footer-heading">
            Explore
          </h2>
          <ul className="mt-4 space-y-2.5">
            <li>
              <Link to="/venues" className={linkClass}>
                All Venues
              </Link>
            </li>
            <li>
              <Link to="/categories" className={linkClass}>
                Categories
              </Link>
            </li>
            <li>
              <Link to="/favorites" className={linkClass}>
                My Favorites
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-account">
          <h2 id="footer-account" className="footer-heading">
            Account
          </h2>
          <ul className="mt-4 space-y-2.5">
            {user ? null : (
              <li>
                <SignInLink className={linkClass} />
              </li>
            )}
            <li>
              <Link to="/account" className={linkClass}>
                My Profile
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="footer-heading">
            Legal
          </h2>
          <ul className="mt-4 space-y-2.5">
            <li>
              <Link to="/terms" className={linkClass}>
                Terms of Service
              </Link>
            </li>
            <li>
              <Link to="/privacy" className={linkClass}>
                Privacy Policy
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-sand py-6 text-center text-xs text-muted">
        © {new Date().getFullYear()} {site.siteName} · Colorado wedding venues
      </div>
    </footer>
  );
}
