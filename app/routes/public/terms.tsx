import type { Route } from "./+types/terms";
import { ProsePage } from "~/components/layout/prose-page";
import { useRootData } from "~/lib/root-data";
import { pageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = pageMeta({
  title: "Terms of Service",
  description:
    "The terms for using the Colorado wedding venue directory: venue listings, your account, reviews and venue submissions.",
  path: "/terms",
});

export default function TermsPage() {
  const { site } = useRootData();
  return (
    <ProsePage title="Terms of Service" updated="November 21, 2026">
      <p>
        {site.siteName} is a directory of wedding venues in Colorado. By using the site you agree to these
        terms.
      </p>
      <h2>Listings</h2>
      <p>
        Venue information is provided by venues and their managers and reviewed before it is published. We do
        our best to keep it accurate, but prices, capacity and availability are set by each venue: confirm
        them with the venue before you book. Bookings are made directly with venues, not through{" "}
        {site.siteName}.
      </p>
      <h2>Your account</h2>
      <p>
        Keep your password to yourself and tell us if you think someone else used your account. You are
        responsible for what you post, such as reviews and venue submissions.
      </p>
      <h2>Reviews and submissions</h2>
      <p>
        Reviews must describe your own experience. We may remove content that is false, abusive, or unrelated
        to the venue. When you submit a venue you confirm that you may share its details and photos, and you
        let us show them on the site.
      </p>
      <h2>Changes</h2>
      <p>We may update these terms; the date above shows the latest version.</p>
    </ProsePage>
  );
}
