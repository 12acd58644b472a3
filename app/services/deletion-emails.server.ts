import type { MailMessage } from "~/infra/mail.server";
import { DELETE_LINK_MINUTES } from "~/lib/account-deletion";
import { layout } from "./emails.server";

// The mail of an account deletion (issue 46, ADR 050).

/** An account mail (no opt-out, ADR 043): the person asked for it a moment ago. */
export function deletionLinkEmail(siteName: string, to: string, url: string): MailMessage {
  const intro = `You asked to delete your ${siteName} account. Open the link to see what is deleted and confirm.`;
  const outro = `The link works for ${DELETE_LINK_MINUTES} minutes. If you did not ask, ignore this email: nothing is deleted.`;
  return {
    to,
    subject: `Confirm the deletion of your ${siteName} account`,
    text: `${intro}\n\nConfirm: ${url}\n\n${outro}\n`,
    html: layout(siteName, intro, "Confirm", url, outro),
  };
}
