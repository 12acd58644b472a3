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

/** A titled list of links of the footer; `children` are items put before the links. Its heading,
 *  list and links are styled by `.site-footer nav` (app/styles/chrome.css). */
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
      <h2 id={id}>{title}</h2>
      <LinkList links={links}>{children}</LinkList>
    </nav>
  );
}

export function SiteFooter({ user }: { user: AppUser | null }) {
  const submitVenue = useSubmitVenue();
  const { site } = useRootData();
  const hydrated = useHydrated();
  return (
    <footer className="site-footer">
      <div>
        <div>
          <Brand />
          <p>A curated directory of Colorado wedding venues, from mountain vistas to rustic barns.</p>
          {/* The submission form (photos, a dialog) needs the script: not ready until it runs. */}
          <Button variant="outline" size="sm" onClick={submitVenue} disabled={!hydrated}>
            Submit Your Colorado Venue
          </Button>
        </div>
        <FooterNav id="footer-explore" title="Explore" links={FOOTER_NAV.explore} />
        <FooterNav id="footer-account" title="Account" links={FOOTER_NAV.account}>
          {user ? null : (
            <li>
              <SignInLink />
            </li>
          )}
        </FooterNav>
        <FooterNav id="footer-legal" title="Legal" links={FOOTER_NAV.legal} />
      </div>
      {/* One string: React would put <!-- --> between its parts. */}
      <p>{`© ${new Date().getFullYear()} ${site.siteName} · Colorado wedding venues`}</p>
    </footer>
  );
}
