import type { ReactNode } from "react";
import type { Route } from "./+types/privacy";
import { ProsePage } from "~/components/layout/prose-page";
import { Link } from "~/components/ui/link";
import { getApp } from "~/infra/session.server";
import { MAIL_NOTICES } from "~/lib/privacy-notice";
import { RETENTION_RULES } from "~/lib/retention";
import { useRootData } from "~/lib/root-data";
import { pageMeta } from "~/lib/seo";
import { processorsOf } from "~/services/privacy-notice.server";

export const meta: Route.MetaFunction = pageMeta({
  title: "Privacy Policy",
  description:
    "What the directory keeps about you and for how long, the mail it sends, what an inquiry shares with a venue, who else handles your data, and how to download or delete it.",
  path: "/privacy",
});

// The page tells what this server does (issue 46): its processors and the operator's contact
// come from the settings, the mails and periods from the lists the code itself follows.
export function loader({ context }: Route.LoaderArgs) {
  const { config } = getApp(context);
  return {
    processors: processorsOf(config),
    contactEmail: config.contactEmail,
    postalAddress: config.mailPostalAddress ?? null,
  };
}

export default function PrivacyPage({ loaderData }: Route.ComponentProps) {
  const { site } = useRootData();
  const { processors, contactEmail, postalAddress } = loaderData;
  const contact = <a href={`mailto:${contactEmail}`}>{contactEmail}</a>;
  return (
    <ProsePage title="Privacy Policy" updated="November 30, 2026">
      <p>
        This page explains what {site.siteName} keeps about you, why, for how long, who else handles it, and
        how to download or delete it yourself. Questions: {contact}
        {postalAddress ? <>, or by post to {postalAddress}</> : null}.
      </p>

      <h2>What we keep</h2>
      <p>
        Your name, email address, an optional avatar link and a password hash when you register; the venues
        you save, the searches you save, the reviews and reports you write, the inquiries and site visits you
        send venues, and the venues you submit or claim. So that a venue&rsquo;s count of saves counts you
        once, we also keep which venues you have saved, after you remove them, until your account is deleted.
        A session cookie keeps you signed in; it is not used for advertising. We do not sell personal data and
        show no targeted advertising.
      </p>

      <h2>What an inquiry shares with a venue</h2>
      <p>
        When you send a venue an inquiry, its managers (or, for a venue nobody manages, the venue&rsquo;s own
        email address) receive your name, email address, phone number if you gave one, your wedding date and
        whether it is flexible, your guest count and your message, and later your answers in the thread. A
        site visit shares your name, email address and the time you chose. The venue sees when its inquiry was
        read and answered; you see that too, in your account.
      </p>

      <h2>What is counted for venues</h2>
      <p>
        Venue managers see daily counts for their venues: views of the page, saves, inquiries and clicks to
        their website, and the words searched before a view. To count a visitor once a day we keep a hash of a
        random value that changes daily with your account or network address; it is deleted the next day and
        cannot be turned back into who you are. None of it is tied to a person or shown to a venue as one.
      </p>

      <h2>The mail we send</h2>
      <Terms
        items={MAIL_NOTICES.map((mail) => [
          mail.what,
          <>
            {mail.when}.{" "}
            {mail.canTurnOff ? (
              <>
                You can turn these off in <Link to="/account/emails">your email settings</Link> or with the
                link at the bottom of each one.
              </>
            ) : (
              "Sent only because you asked for it."
            )}
          </>,
        ])}
      />

      <h2>Who else handles your data</h2>
      <Terms items={processors.map((p) => [p.role, `${p.who} (${p.what}).`])} />

      <h2>How long we keep it</h2>
      <Terms items={RETENTION_RULES.map((rule) => [rule.what, `${rule.period}; then ${rule.then}.`])} />

      <h2>Your rights, and how to use them</h2>
      <p>
        Under the Colorado Privacy Act you may see, correct, delete and take away your data, and opt out of
        targeted advertising (we do none). You can do each yourself, at any time:
      </p>
      <Terms
        items={[
          [
            "See and take away",
            <>
              download everything we keep about you as one file from{" "}
              <Link to="/account/privacy">Privacy in your account</Link>.
            </>,
          ],
          [
            "Correct",
            <>
              change your name, email address and avatar in <Link to="/account">your account settings</Link>,
              and edit or delete your reviews on each venue.
            </>,
          ],
          [
            "Delete",
            <>
              <Link to="/account/delete">delete your account</Link>; the page says exactly what goes and what
              a venue keeps.
            </>,
          ],
          [
            "Mail",
            <>
              choose which mail you get in <Link to="/account/emails">your email settings</Link>.
            </>,
          ],
          [
            "Analytics",
            "if your browser sends the Global Privacy Control signal, no analytics script is loaded and no event is sent.",
          ],
        ]}
      />
      <p>
        Without an account, or if something does not work, write to {contact}
        {postalAddress ? <> or {postalAddress}</> : null}: we answer within 45 days.
      </p>
    </ProsePage>
  );
}

/** Each section's list: a term in bold, then what it means. */
function Terms({ items }: { items: [term: string, text: ReactNode][] }) {
  return (
    <ul className="list-disc space-y-2 pl-5">
      {items.map(([term, text]) => (
        <li key={term}>
          <strong className="text-ink">{term}</strong>: {text}
        </li>
      ))}
    </ul>
  );
}
