import { SMTPServer } from "smtp-server";

export type CaughtMail = { to: string[]; raw: string; subject: string; text: string };

/** Decodes quoted-printable soft breaks and escapes so links can be read from the raw message. */
export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The first link of the message's body (not of its headers: List-Unsubscribe, ADR 043). */
export function linkIn(mail: CaughtMail): string | null {
  const body = mail.text.slice(mail.text.search(/\r?\n\r?\n/));
  return /https?:\/\/[^\s"<>]+/.exec(body)?.[0] ?? null;
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives. */
export async function startMailCatcher(opts: { port?: number; onMail?: (mail: CaughtMail) => void } = {}) {
  const messages: CaughtMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const decoded = decodeQuotedPrintable(raw);
        const mail: CaughtMail = {
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw,
          subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? "",
          text: decoded,
        };
        messages.push(mail);
        opts.onMail?.(mail);
        waiters.splice(0).forEach((w) => w());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", resolve));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;

  /** The latest mail to `to` (whose subject matches `subject`, if given), waiting for one to come. */
  async function waitFor(to: string, timeoutMs = 10_000, subject?: RegExp): Promise<CaughtMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = [...messages]
        .reverse()
        .find((m) => m.to.includes(to.toLowerCase()) && (!subject || subject.test(m.subject)));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    waitFor,
    linkIn,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type MailCatcher = Awaited<ReturnType<typeof startMailCatcher>>;
