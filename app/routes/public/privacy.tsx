import type { Route } from "./+types/privacy";
import { ProsePage } from "~/components/layout/prose-page";
import { useRootData } from "~/lib/root-data";
import { pageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = pageMeta({
  title: "Privacy Policy",
  description:
    "What the directory stores about you (your account, saved venues, reviews and submissions), the email it sends, analytics, and your choices.",
  path: "/privacy",
});

export default function PrivacyPage() {
  const { site } = useRootData();
  return (
    <ProsePage title="Privacy Policy" updated="November 29, 2026">
      <p>This page explains what {site.siteName} stores about you and why.</p>
      <h2>What we store</h2>
      <p>
        Your name, email address, an optional avatar link and a password hash when you register; the venues
        you save, the reviews you write and the venues you submit. So that a venue&rsquo;s count of saves
        counts you once, we also keep which venues you have saved, after you remove them, until your account
        is deleted. A session cookie keeps you signed in; it is not used for advertising.
      </p>
      <h2>Email</h2>
      <p>We email you only for your account: password resets and confirming a new email address.</p>
      <h2>Analytics</h2>
      <p>
        When analytics are enabled we count page views and searches to improve the site. We do not sell
        personal data.
      </p>
      <h2>Your choices</h2>
      <p>
        You can change your details on your account page, sign out of every other session, and ask us to
        delete your account and reviews.
      </p>
    </ProsePage>
  );
}
