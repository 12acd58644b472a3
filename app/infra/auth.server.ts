import { accounts, sessions, users, verifications } from "../../database/schema";
import type { Config } from "./config.server";
import type { Db } from "./db.server";
import type { Logger } from "./logger.server";
import type { MailMessage, Mailer } from "./mail.server";
import { passwordHasher } from "./passwords.server";

/** What the auth's emails say is the app's business: the builders are passed in. */
export type AuthEmails = {
  passwordReset(siteName: string, to: string, url: string): MailMessage;
  emailChangeVerification(siteName: string, to: string, url: string): MailMessage;
  /** An account's own address confirmed (sent at sign-up when guest inquiries wait for it). */
  addressVerification(siteName: string, to: string, url: string): MailMessage;
};

/**
 * What a verification token says (unchecked: better-auth checks it when it is used): an address
 * change names the new address in `updateTo`; a plain verification of the account's address not.
 */
export function verificationTokenClaims(token: string): { email?: string; updateTo?: string } | null {
  try {
    const claims: unknown = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8"));
    return claims && typeof claims === "object" ? (claims as { email?: string; updateTo?: string }) : null;
  } catch {
    return null;
  }
}

export const AUTH_BASE_PATH = "/api/auth";
/** The only better-auth HTTP endpoints we serve: the links inside our emails. Everything else
 *  (sign-in, sign-up, reset, password and profile changes) runs through our own route actions,
 *  which validate with the spec's messages and apply our rate limits. */
export const AUTH_PUBLIC_PATHS = ["/api/auth/reset-password/:token"];

/** The email-change link opens our own page, which checks the token (routes/auth/email-changed). */
export const EMAIL_CHANGED_PATH = "/auth/email-changed";

// 'Invalid password', 'User not found', 'Reset Password: User not found'...
const VISITOR_ERRORS = /\b(Invalid password|User not found|Password not found)$/;

/**
 * The auth. better-auth is imported here, when the context is built, not with the server's own
 * code: it is a third of the server's start (0.6 s), and the search index loads meanwhile (issue 42).
 */
export async function createAuth(opts: {
  config: Config;
  secret: string;
  db: Db;
  mailer: Mailer;
  emails: AuthEmails;
  logger: Logger;
}) {
  const { config, db, mailer, emails, logger } = opts;
  const [{ betterAuth }, { drizzleAdapter }] = await Promise.all([
    import("better-auth"),
    import("better-auth/adapters/drizzle"),
  ]);
  return betterAuth({
    appName: config.siteName,
    baseURL: config.siteUrl,
    basePath: AUTH_BASE_PATH,
    secret: opts.secret,
    trustedOrigins: [config.siteUrl, ...config.siteAliases],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    user: {
      additionalFields: { role: { type: "string", required: false, defaultValue: "user", input: false } },
      changeEmail: { enabled: true },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      password: passwordHasher(config.passwordHashCost),
      maxPasswordLength: 128,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await mailer.send(emails.passwordReset(config.siteName, user.email, url));
      },
    },
    emailVerification: {
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, token }) => {
        const url = `${config.siteUrl}${EMAIL_CHANGED_PATH}?token=${encodeURIComponent(token)}`;
        const build = verificationTokenClaims(token)?.updateTo
          ? emails.emailChangeVerification
          : emails.addressVerification;
        await mailer.send(build(config.siteName, user.email, url));
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    rateLimit: { enabled: true, window: 60, max: 30 },
    advanced: {
      cookiePrefix: "vv",
      useSecureCookies: config.siteUrl.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      // The client address Express derived (TRUST_PROXY decides how far headers are believed).
      ipAddress: { ipAddressHeaders: ["x-client-ip"] },
    },
    logger: {
      // Its lines go through our logger, as JSON like every other (in tests too: LOG_LEVEL decides).
      // A sign-in with a wrong password or an unknown email is what a visitor did, not a fault of
      // the server: info, not warn.
      log: (level, message, ...details) =>
        logger[VISITOR_ERRORS.test(message) ? "info" : level](`better-auth: ${message}`, {
          ...(details.length ? { details: details.map(String) } : {}),
        }),
    },
  });
}

export type Auth = Awaited<ReturnType<typeof createAuth>>;
