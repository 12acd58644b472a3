import type { AuthEmails } from "~/infra/auth.server";
import type { MailMessage } from "~/infra/mail.server";
import { weddingDateLabel, type InquiryView } from "~/lib/inquiries";

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** What goes between the intro and the button: a quoted note, a list, a line with a link, or a
 *  table of facts. */
type Extra =
  | { quote: string }
  | { list: string[] }
  | { text: string; link?: { label: string; url: string } }
  | { facts: [string, string][] };

function extraHtml(extra: Extra): string {
  if ("facts" in extra)
    return `<table style="border-collapse:collapse">${extra.facts
      .map(
        ([k, v]) =>
          `<tr><td style="padding:2px 12px 2px 0;color:#6b625a">${escapeHtml(k)}</td><td>${escapeHtml(v)}</td></tr>`,
      )
      .join("")}</table>`;
  if ("list" in extra) return `<ul>${extra.list.map((item) => `<li>${escapeHtml(item)}</li>`).join("")}</ul>`;
  if ("quote" in extra)
    return `<blockquote style="margin:16px 0;padding:8px 16px;border-left:3px solid #c9b9a6;white-space:pre-line">${escapeHtml(extra.quote)}</blockquote>`;
  const link = extra.link
    ? ` <a href="${escapeHtml(extra.link.url)}" style="color:#1f4d3f">${escapeHtml(extra.link.label)}</a>`
    : "";
  return `<p>${escapeHtml(extra.text)}${link}</p>`;
}

/** The page every mail is: the site's name, the intro, the extras, one button and the small print. */
export function layout(
  siteName: string,
  intro: string,
  action: string,
  url: string,
  outro: string,
  extras: Extra[] = [],
): string {
  return `<!doctype html><html><body style="font-family:Georgia,serif;background:#faf7f2;color:#2f2a26;padding:24px">
<h1 style="font-size:22px">${escapeHtml(siteName)}</h1><p>${escapeHtml(intro)}</p>${extras.map(extraHtml).join("")}
<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#1f4d3f;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>
<p style="font-size:13px;color:#6b625a;white-space:pre-line">${escapeHtml(outro)}</p></body></html>`;
}

export function passwordResetEmail(siteName: string, to: string, url: string): MailMessage {
  const intro = "We received a request to reset the password of your account.";
  const outro = "The link works once and expires in one hour. If you did not ask for it, ignore this email.";
  return {
    to,
    subject: `Reset your ${siteName} password`,
    text: `${intro}\n\nSet a new password: ${url}\n\n${outro}\n`,
    html: layout(siteName, intro, "Set a new password", url, outro),
  };
}

export function emailChangeVerificationEmail(siteName: string, to: string, url: string): MailMessage {
  const intro = `Please confirm that you want to use this address for your ${siteName} account.`;
  const outro =
    "After confirming, sign in again with this address. If you did not ask for this, ignore this email.";
  return {
    to,
    subject: `Confirm your new ${siteName} email address`,
    text: `${intro}\n\nConfirm your email: ${url}\n\n${outro}\n`,
    html: layout(siteName, intro, "Confirm email address", url, outro),
  };
}

export function addressVerificationEmail(siteName: string, to: string, url: string): MailMessage {
  const intro = `Please confirm that this address is yours. The inquiries you sent from it as a guest then appear in My Inquiries on ${siteName}, where you can follow the venues' answers.`;
  const outro = "The link works for 24 hours. If you did not create an account, ignore this email.";
  return {
    to,
    subject: `Confirm your ${siteName} email address`,
    text: `${intro}\n\nConfirm your email: ${url}\n\n${outro}\n`,
    html: layout(siteName, intro, "Confirm email address", url, outro),
  };
}

export function signInAlertEmail(siteName: string, to: string, resetUrl: string): MailMessage {
  const intro = `Someone has tried many times in the last hour to sign in to your ${siteName} account with a wrong password.`;
  const outro =
    "If this was you, you can ignore this email. If not, your account is still safe: each wrong guess slows the next one down. Choosing a new, long password keeps it so.";
  return {
    to,
    subject: `Many failed sign-ins to your ${siteName} account`,
    text: `${intro}\n\nChoose a new password: ${resetUrl}\n\n${outro}\n`,
    html: layout(siteName, intro, "Choose a new password", resetUrl, outro),
  };
}

/** The builders the auth sends with (injected when the auth is created). */
export const authEmails: AuthEmails = {
  passwordReset: passwordResetEmail,
  emailChangeVerification: emailChangeVerificationEmail,
  addressVerification: addressVerificationEmail,
};

export function venueSubmittedEmail(
  siteName: string,
  to: string,
  venue: { name: string },
  myVenuesUrl: string,
): MailMessage {
  const intro = `Thank you for submitting ${venue.name}. Every venue is reviewed before it appears on ${siteName}; until then it is visible only to you, marked Pending.`;
  const outro = "Once it is approved you become its venue manager and can keep its page up to date.";
  return {
    to,
    subject: `We received your venue: ${venue.name}`,
    text: `${intro}\n\nSee your venues: ${myVenuesUrl}\n\n${outro}\n`,
    html: layout(siteName, intro, "See My Venues", myVenuesUrl, outro),
  };
}

export function venueAwaitingApprovalEmail(
  siteName: string,
  to: string,
  venue: { name: string; location: string },
  submitter: { name: string; email: string },
  reviewUrl: string,
): MailMessage {
  const intro = `${submitter.name} (${submitter.email}) submitted a venue for approval: ${venue.name}, ${venue.location}.`;
  const outro = "It stays hidden from the public until an administrator approves it.";
  return {
    to,
    subject: `New venue awaiting approval: ${venue.name}`,
    text: `${intro}\n\nReview pending venues: ${reviewUrl}\n\n${outro}\n`,
    html: layout(siteName, intro, "Review pending venues", reviewUrl, outro),
  };
}

/** The manager dashboard's address, where an approved or assigned venue is looked after. */
export const managerDashboardUrl = (siteUrl: string) => `${siteUrl}/venue-manager/dashboard`;

export function venueApprovedEmail(
  siteName: string,
  to: string,
  venue: { name: string },
  urls: { venue: string; dashboard: string },
  optOut: OptOut,
): MailMessage {
  const intro = `Good news: ${venue.name} has been approved and is now listed on ${siteName}. You are its venue manager: your dashboard is where you keep its details, photos and FAQs up to date and answer reviews.`;
  const see = "See your venue as couples see it:";
  const outro = `Thank you for helping couples find their Colorado wedding venue.${optOutText(optOut)}`;
  return {
    to,
    subject: `Your venue is live: ${venue.name}`,
    text: `${intro}\n\nOpen your dashboard: ${urls.dashboard}\n\n${see} ${urls.venue}\n\n${outro}\n`,
    html: layout(siteName, intro, "Open your dashboard", urls.dashboard, outro, [
      { text: see, link: { label: venue.name, url: urls.venue } },
    ]),
    ...optOutHeaders(optOut),
  };
}

export function venueRejectedEmail(
  siteName: string,
  to: string,
  venue: { name: string },
  siteUrl: string,
  optOut: OptOut,
  reason: string | null = null,
): MailMessage {
  const intro = `Thank you for submitting ${venue.name}. After review, it has not been approved for ${siteName}, and the submission and its photos have been removed.`;
  const said = "The reviewer's reason:";
  const outro = `You are welcome to submit it again with more complete details.${optOutText(optOut)}`;
  return {
    to,
    subject: `Your venue submission was not approved: ${venue.name}`,
    text: `${intro}\n\n${reason ? `${said}\n${reason}\n\n` : ""}Visit ${siteName}: ${siteUrl}\n\n${outro}\n`,
    html: layout(
      siteName,
      intro,
      `Visit ${siteName}`,
      siteUrl,
      outro,
      reason ? [{ text: said }, { quote: reason }] : [],
    ),
    ...optOutHeaders(optOut),
  };
}

/** A venue manager told which venues an administrator has just given them. */
export function venuesAssignedEmail(
  siteName: string,
  to: string,
  venues: { name: string; location: string }[],
  dashboardUrl: string,
  optOut: OptOut,
): MailMessage {
  const one = venues.length === 1;
  const names = venues.map((v) => (v.location ? `${v.name} (${v.location})` : v.name));
  const intro = `An administrator of ${siteName} has made you the venue manager of ${one ? "this venue" : `these ${venues.length} venues`}:`;
  const outro = `From your dashboard you can keep their details, photos and FAQs up to date and answer reviews.${optOutText(optOut)}`;
  return {
    to,
    subject: one ? `You now manage ${venues[0]!.name}` : `You now manage ${venues.length} venues`,
    text: `${intro}\n\n${names.map((n) => `- ${n}`).join("\n")}\n\nOpen your dashboard: ${dashboardUrl}\n\n${outro}\n`,
    html: layout(siteName, intro, "Open your dashboard", dashboardUrl, outro, [{ list: names }]),
    ...optOutHeaders(optOut),
  };
}

// ---------------------------------------------------------------------------------------------
// Inquiries and reviews to venue managers (issue 23)
// ---------------------------------------------------------------------------------------------

type InquiryFacts = Pick<
  InquiryView,
  "name" | "email" | "phone" | "weddingDate" | "dateFlexible" | "guests" | "message"
>;

const factLines = (i: InquiryFacts): [string, string][] => [
  ["Name", i.name],
  ["Email", i.email],
  ["Phone", i.phone || "Not given"],
  ["Wedding date", weddingDateLabel(i.weddingDate, i.dateFlexible)],
  ["Guests", i.guests === null ? "Not given" : String(i.guests)],
];

const inquiryText = (i: InquiryFacts) =>
  `${factLines(i)
    .map(([k, v]) => `${k}: ${v}`)
    .join("\n")}\n\nMessage:\n${i.message}`;

const inquiryHtml = (i: InquiryFacts): Extra[] => [{ facts: factLines(i) }, { quote: i.message }];

/**
 * A notification mail's way out (ADR 043): the email settings, a one-click link (RFC 8058) and the
 * sender's postal address that anti-spam law asks for (MAIL_POSTAL_ADDRESS; unset, no line).
 */
export type OptOut = { settingsUrl: string; unsubscribeUrl: string; postalAddress: string | undefined };

/** The footer's lines, for the end of the outro (the layout keeps its line breaks). */
export const optOutText = ({ settingsUrl, unsubscribeUrl, postalAddress }: OptOut) =>
  [
    "",
    `Choose which emails you get: ${settingsUrl}`,
    `Stop these emails at once: ${unsubscribeUrl}`,
    ...(postalAddress ? [`Our postal address: ${postalAddress}`] : []),
  ].join("\n");

/** The headers mail programs offer as "Unsubscribe", with no sign-in (RFC 8058). */
export const optOutHeaders = (optOut: OptOut | null) =>
  optOut
    ? {
        headers: {
          "List-Unsubscribe": `<${optOut.unsubscribeUrl}>`,
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
      }
    : {};

/**
 * A new inquiry, to a manager of the venue (with the inbox's link) or to the venue's own address
 * when it has no manager (with its page's). Answering the email answers the couple (Reply-To).
 */
export function inquiryReceivedEmail(
  siteName: string,
  to: string,
  venue: { name: string },
  inquiry: InquiryFacts,
  link: { label: string; url: string },
  optOut: OptOut | null,
): MailMessage {
  const intro = `${inquiry.name} sent an inquiry to ${venue.name} on ${siteName}.`;
  const outro = `Reply to this email to answer ${inquiry.name} directly.${optOut ? optOutText(optOut) : ""}`;
  return {
    to,
    replyTo: inquiry.email,
    subject: `New inquiry for ${venue.name} from ${inquiry.name}`,
    text: `${intro}\n\n${inquiryText(inquiry)}\n\n${link.label}: ${link.url}\n\n${outro}\n`,
    html: layout(siteName, intro, link.label, link.url, outro, inquiryHtml(inquiry)),
    ...optOutHeaders(optOut),
  };
}

/**
 * The couple's copy, with a link to follow its status in their account (for a guest, a link that
 * adds it to the account they sign in with). Replies go to the venue's public address when it has
 * one. What they wrote is in it only when `inquiry` is given: the service gives it for a
 * signed-in account's own verified address only, so that the form cannot mail anyone's text to
 * any address (issue 39).
 */
export function inquiryCopyEmail(
  siteName: string,
  to: string,
  venue: { name: string; email: string | null },
  inquiry: InquiryFacts | null,
  venueUrl: string,
  followUrl: string,
): MailMessage {
  const intro = inquiry
    ? `Your inquiry was sent to ${venue.name}. Here is a copy of what you wrote.`
    : `Your inquiry was sent to ${venue.name}. Follow it with the link below to see what you wrote and its status.`;
  const outro = `${venue.name} answers by email to this address. To follow its status, sign in to ${siteName} (or create an account) and open the link above. If you did not send this inquiry, ignore this email.`;
  const copy = inquiry ? `${inquiryText(inquiry)}\n\n` : "";
  return {
    to,
    replyTo: venue.email ?? undefined,
    subject: `Your inquiry to ${venue.name}`,
    text: `${intro}\n\n${copy}Follow your inquiry: ${followUrl}\nSee the venue: ${venueUrl}\n\n${outro}\n`,
    html: layout(
      siteName,
      intro,
      "Follow your inquiry",
      followUrl,
      outro,
      inquiry ? inquiryHtml(inquiry) : [],
    ),
  };
}

/**
 * A venue's answer from its inbox, to the couple; answering it reaches the manager who wrote.
 * A guest's inquiry has no account to leave (`optOut` null, ADR 043).
 */
export function inquiryReplyEmail(
  siteName: string,
  to: string,
  venue: { name: string },
  reply: { body: string; byName: string; byEmail: string },
  original: string,
  venueUrl: string,
  optOut: OptOut | null,
): MailMessage {
  const intro = `${reply.byName} of ${venue.name} answered your inquiry:`;
  const outro = `Reply to this email to write back to ${reply.byName} directly.${optOut ? optOutText(optOut) : ""}`;
  return {
    to,
    replyTo: reply.byEmail,
    subject: `${venue.name} answered your inquiry`,
    text: `${intro}\n\n${reply.body}\n\nYour inquiry:\n${original}\n\nSee the venue: ${venueUrl}\n\n${outro}\n`,
    html: layout(siteName, intro, "See the venue", venueUrl, outro, [
      { quote: reply.body },
      { text: "Your inquiry:" },
      { quote: original },
    ]),
    ...optOutHeaders(optOut),
  };
}

/**
 * The couple's answer in their account's thread (issue 41), to a manager of the venue with the
 * inquiry's link and a one-click opt-out of inquiry emails, or to the venue's own address when it
 * has no manager (`optOut` null). Answering the email answers the couple (Reply-To).
 */
export function inquiryAnswerEmail(
  siteName: string,
  to: string,
  venue: { name: string },
  couple: { name: string; email: string },
  answer: string,
  url: string,
  optOut: OptOut | null,
): MailMessage {
  const intro = `${couple.name} answered in the conversation about their inquiry to ${venue.name}:`;
  const action = optOut ? "Open the conversation" : `Visit ${siteName}`;
  const outro = `Reply to this email to answer ${couple.name} directly.${optOut ? optOutText(optOut) : ""}`;
  return {
    to,
    replyTo: couple.email,
    subject: `${couple.name} answered about ${venue.name}`,
    text: `${intro}\n\n${answer}\n\n${action}: ${url}\n\n${outro}\n`,
    html: layout(siteName, intro, action, url, outro, [{ quote: answer }]),
    ...optOutHeaders(optOut),
  };
}

/**
 * A reminder of an inquiry the venue has not answered (issue 44), the first after 24 hours and
 * the second after 48, to each manager who keeps reminder emails on.
 */
export function inquiryReminderEmail(
  siteName: string,
  to: string,
  venue: { name: string },
  inquiry: { name: string; askedAt: string; hours: number },
  url: string,
  optOut: OptOut,
): MailMessage {
  const intro = `${inquiry.name} asked ${venue.name} a question on ${siteName} on ${inquiry.askedAt} and has had no answer for ${inquiry.hours} hours.`;
  const outro = `Your reply from the conversation goes to ${inquiry.name} by email. ${optOutText(optOut)}`;
  return {
    to,
    subject: `Reminder: ${inquiry.name} is waiting for an answer from ${venue.name}`,
    text: `${intro}\n\nOpen the conversation: ${url}\n\n${outro}\n`,
    html: layout(siteName, intro, "Open the conversation", url, outro),
    ...optOutHeaders(optOut),
  };
}

/** A new review of a venue, to each of its managers who keep these emails on. */
export function newReviewEmail(
  siteName: string,
  to: string,
  venue: { name: string },
  review: { authorName: string; rating: number; comment: string },
  reviewsUrl: string,
  optOut: OptOut,
): MailMessage {
  const stars = `${review.rating} ${review.rating === 1 ? "star" : "stars"}`;
  const intro = `${review.authorName} reviewed ${venue.name}: ${stars}.`;
  const outro = `Your reply shows under the review on your venue's page.${optOutText(optOut)}`;
  return {
    to,
    subject: `New review of ${venue.name}: ${stars}`,
    text: `${intro}\n\n${review.comment}\n\nReply to it: ${reviewsUrl}\n\n${outro}\n`,
    html: layout(siteName, intro, "Reply to the review", reviewsUrl, outro, [{ quote: review.comment }]),
    ...optOutHeaders(optOut),
  };
}
