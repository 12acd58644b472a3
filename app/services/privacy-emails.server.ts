import type { MailMessage } from "~/infra/mail.server";
import { expiryDay } from "~/lib/data-export";
import { layout } from "./emails.server";

// The mails of a person's rights over their data (issue 46). Each answers the person's own
// request, as a password reset does: an account mail, without an opt-out (ADR 043).

/** A download of the person's data, built in the background, is ready. */
export function dataExportReadyEmail(
  siteName: string,
  to: string,
  download: { url: string; expiresAt: Date },
): MailMessage {
  const intro = `The download of your data on ${siteName} that you asked for is ready.`;
  const outro = `Open the link while signed in to your account. It works until ${expiryDay(download.expiresAt)}; then the download is deleted, and you can ask for a new one on your account's Privacy page. If you did not ask for it, change your password.`;
  return {
    to,
    subject: `Your ${siteName} data is ready to download`,
    text: `${intro}\n\nDownload your data: ${download.url}\n\n${outro}\n`,
    html: layout(siteName, intro, "Download my data", download.url, outro),
  };
}
