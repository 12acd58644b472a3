import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Logger } from "./logger.server";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where an answer to this email goes (the couple, for an inquiry), instead of the sender. */
  replyTo?: string;
  /** Extra headers (List-Unsubscribe on notification mails, RFC 8058). */
  headers?: Record<string, string>;
  /** A calendar invitation (iTIP), sent as text/calendar; method=… beside the text (a site visit's). */
  icalEvent?: { method: "REQUEST" | "CANCEL"; content: string; filename?: string };
};
export type Mailer = { send(message: MailMessage): Promise<void> };

/** Sends every mail, a failed one not stopping the others; each failure is logged as `failure`. */
export async function sendEach(
  app: { mailer: Mailer; logger: Logger },
  mails: MailMessage[],
  failure: string,
  context: Record<string, unknown> = {},
): Promise<string[]> {
  const sent = await Promise.allSettled(mails.map((m) => app.mailer.send(m)));
  const failed = sent.flatMap((r) => (r.status === "rejected" ? [String(r.reason)] : []));
  for (const error of failed) app.logger.error(failure, { ...context, error });
  return failed;
}

/**
 * SMTP when SMTP_URL is set; otherwise every message is written to DATA_DIR/outbox as an .eml
 * file and its links are logged, so password resets work on a laptop without a mail server.
 */
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  logger: Logger;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: opts.from, ...message });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: opts.from, ...message });
      await fs.mkdir(opts.outboxDir, { recursive: true });
      const file = path.join(
        opts.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, "-")}-${info.messageId.replace(/[^\w.-]/g, "")}.eml`,
      );
      await fs.writeFile(file, info.message as Buffer);
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      opts.logger.info("mail written to outbox", { to: message.to, subject: message.subject, file, links });
    },
  };
}
