import type { MailMessage } from "~/infra/mail.server";
import { layout, optOutHeaders, optOutText, type OptOut } from "./emails.server";

// The trust loop's mails (issue 45): a booked couple's invitation to review, and the moderators'
// request for proof of a booking after a report.

/** Days a reviewer asked for proof has to send it. */
export const PROOF_DAYS = 7;

/**
 * After the wedding, to a couple whose inquiry the venue marked booked. An account's mail is of
 * the kind 'invite' with its way out (ADR 043); a guest's inquiry has no account to leave (null).
 */
export function reviewInviteEmail(
  siteName: string,
  to: string,
  venue: { name: string },
  reviewUrl: string,
  optOut: OptOut | null,
): MailMessage {
  const intro = `Congratulations on your wedding! ${venue.name} marked your inquiry on ${siteName} as booked. Couples choosing a venue trust reviews from real weddings: how was yours?`;
  const outro = `Your review shows as a verified booking.${optOut ? optOutText(optOut) : ""}`;
  return {
    to,
    subject: `How was your wedding at ${venue.name}?`,
    text: `${intro}\n\nWrite a review: ${reviewUrl}\n\n${outro}\n`,
    html: layout(siteName, intro, "Write a review", reviewUrl, outro),
    ...optOutHeaders(optOut),
  };
}

/** A reported review's author, asked for proof of the booking: a reply to the moderators. */
export function proofRequestEmail(
  siteName: string,
  to: string,
  venue: { name: string },
  review: { comment: string },
  contactEmail: string,
  venueUrl: string,
): MailMessage {
  const intro = `Your review of ${venue.name} was reported to our moderators. Please send us proof of your booking there, a contract or an invoice, within ${PROOF_DAYS} days by replying to this email (or writing to ${contactEmail}).`;
  const outro = `Your review stays on the page while we look. Without proof after ${PROOF_DAYS} days, we may hide it, and we publish the reason.`;
  return {
    to,
    subject: `Please show us your booking at ${venue.name}`,
    text: `${intro}\n\nYour review:\n${review.comment}\n\n${outro}\n\nThe venue's page: ${venueUrl}\n`,
    html: layout(siteName, intro, "Open the venue's page", venueUrl, outro, [{ quote: review.comment }]),
    replyTo: contactEmail,
  };
}
