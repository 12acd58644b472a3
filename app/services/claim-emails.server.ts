import type { MailMessage } from "~/infra/mail.server";
import { CLAIM_LINK_DAYS } from "~/lib/claims";
import { layout, optOutHeaders, optOutText, type OptOut } from "./emails.server";

// The mails of a claimed listing (issue 45, item 5; ADR 047).

/**
 * The proof of a domain claim: mailed to the address at the venue's domain that the claimant gave.
 * A direct confirmation of their own action, so no opt-out (ADR 043); the link does nothing until
 * its page's button is pressed by the same account.
 */
export function claimConfirmEmail(
  siteName: string,
  to: string,
  claim: { claimantName: string; venueName: string },
  url: string,
): MailMessage {
  const intro = `${claim.claimantName} asked to manage ${claim.venueName} on ${siteName} and gave this address to prove the venue is theirs.`;
  const outro = `Open the link while signed in to the account that asked, then press the button to confirm. The link works for ${CLAIM_LINK_DAYS} days. If you did not ask, ignore this email: nothing changes.`;
  return {
    to,
    subject: `Confirm that you manage ${claim.venueName}`,
    text: `${intro}\n\nConfirm: ${url}\n\n${outro}\n`,
    html: layout(siteName, intro, "Confirm my claim", url, outro),
  };
}

/** An administrator's decision on a claim, to the claimant (a decision mail: its kind can be turned off). */
export function claimDecisionEmail(
  siteName: string,
  to: string,
  decision: { venueName: string; approved: boolean; reason: string | null },
  urls: { dashboard: string; site: string },
  optOut: OptOut,
): MailMessage {
  const { venueName, approved, reason } = decision;
  const intro = approved
    ? `An administrator of ${siteName} approved your claim: you now manage ${venueName}.`
    : `An administrator of ${siteName} did not approve your claim to manage ${venueName}.`;
  const said = "The administrator's reason:";
  const body = approved
    ? "From your dashboard you can keep its details, photos and FAQs up to date and answer couples."
    : "If you can show the venue is yours another way, you are welcome to ask again.";
  const outro = `${body}${optOutText(optOut)}`;
  const action = approved ? "Open your dashboard" : `Visit ${siteName}`;
  const url = approved ? urls.dashboard : urls.site;
  const why = !approved && reason ? `${said}\n${reason}\n\n` : "";
  return {
    to,
    subject: approved ? `You now manage ${venueName}` : `Your claim was not approved: ${venueName}`,
    text: `${intro}\n\n${why}${action}: ${url}\n\n${outro}\n`,
    html: layout(siteName, intro, action, url, outro, why ? [{ text: said }, { quote: reason! }] : []),
    ...optOutHeaders(optOut),
  };
}
