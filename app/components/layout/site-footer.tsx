import type { ReactNode } from "react";
import { SignInLink } from "~/components/auth/auth-dialog";
import { Button } from "~/components/ui/button";
import { useSubmitVenue } from "~/components/venue-form/venue-submission";
import { useRootData } from "~/lib/root-data";
import { useHydrated } from "~/lib/use-hydrated";
import type { AppUser } from "~/lib/user";
import { LinkList, type LinkItem } from "./link-list";
import { FOOTER_NAV } from "./nav";
import { Brand } from "./site-header";

const linkClass = "footer-link";

/** A titled list of links of the footer; `children` are items put before the links. */
function FooterNav({
  id,
  title,
  links,
  children,
}: {
  id: string;
  title: string;
  links: readonly LinkItem[];
  children?: ReactNode;
}) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="footer-heading">
        {title}
      </h2>
      <LinkList links={links} className="mt-4 space-y-2.5" linkClassName={linkClass}>
        {children}
      </LinkList>
    </nav>
  );
}

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
        <FooterNav id="footer-explore" title="Explore" links={FOOTER_NAV.explore} />
        <FooterNav id="footer-account" title="Account" links={FOOTER_NAV.account}>
          {user ? null : (
            <li>
              <SignInLink className={linkClass} />
            </li>
          )}
        </FooterNav>
        <FooterNav id="footer-legal" title="Legal" links={FOOTER_NAV.legal} />
      </div>
      <div className="border-t border-sand py-6 text-center text-xs text-muted">
        © {new Date().getFullYear()} {site.siteName} · Colorado wedding venues
      </div>
    </footer>
  );
}
