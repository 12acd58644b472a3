import { isAPIError } from "better-auth/api";
import type { AppContext } from "~/infra/context.server";
import { toAppUser, type AppUser } from "~/lib/user";
import { eq } from "drizzle-orm";
import { users } from "../../database/schema";
import { verificationTokenClaims } from "~/infra/auth.server";
import { signInAlertEmail } from "./emails.server";
import { hasGuestInquiries, linkVerifiedInquiries } from "./inquiry-thread.server";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from "./passwords.server";
import {
  ALERT_AFTER_FAILURES,
  clearSignInFailures,
  clientAddress,
  hitRateLimits,
  LIMITS,
  RATE_LIMIT_MESSAGE,
  recordSignInFailure,
  signInWait,
} from "./rate-limit.server";

// Account operations behind the route actions. Each returns either a result or the message to
// show; better-auth's own messages pass through as the spec asks ("the provider's message as is").

type Ctx = Pick<AppContext, "auth" | "db" | "config" | "mailer">;
/** A refusal names the form field it belongs to, when it belongs to one. */
export type Failure = { ok: false; error: string; status: number; field?: string };
export type Outcome<T = object> = ({ ok: true } & T) | Failure;

function failure(err: unknown, fallback: string): Failure {
  if (isAPIError(err)) {
    const message = (err.body as { message?: string } | undefined)?.message;
    return {
      ok: false,
      error: message || fallback,
      status: err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500,
    };
  }
  throw err;
}

const rateLimited = { ok: false as const, error: RATE_LIMIT_MESSAGE, status: 429 };
const tooCommon = (field: string): Failure => ({
  ok: false,
  error: COMMON_PASSWORD_MESSAGE,
  field,
  status: 400,
});

export async function signIn(
  ctx: Ctx,
  request: Request,
  input: { email: string; password: string },
): Promise<Outcome<{ headers: Headers; user: AppUser }>> {
  const email = input.email.toLowerCase();
  const ip = clientAddress(request);
  const wait = await signInWait(ctx.db, email, ip);
  if (wait > 0)
    return {
      ok: false,
      error: `Too many failed sign-ins. Please wait ${wait} ${wait === 1 ? "second" : "seconds"} and try again.`,
      status: 429,
    };
  if (await hitRateLimits(ctx.db, [{ key: `sign-in:ip:${ip}`, limit: LIMITS.signInIp }])) return rateLimited;
  try {
    const { headers, response } = await ctx.auth.api.signInEmail({
      body: { email, password: input.password },
      headers: request.headers,
      returnHeaders: true,
    });
    await clearSignInFailures(ctx.db, email, ip);
    return { ok: true, headers, user: toAppUser(response.user) };
  } catch (err) {
    const f = failure(err, "Error logging in");
    if (f.status === 401 && (await recordSignInFailure(ctx.db, email, ip)) === ALERT_AFTER_FAILURES)
      await alertOwner(ctx, email);
    return f;
  }
}

/** Tells an account's owner that someone keeps trying to sign in to it (once an hour at most). */
async function alertOwner(ctx: Ctx, email: string): Promise<void> {
  const [owner] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.email, email));
  if (!owner) return;
  await ctx.mailer.send(
    signInAlertEmail(ctx.config.siteName, owner.email, `${ctx.config.siteUrl}/reset-password`),
  );
}

export async function register(
  ctx: Ctx & Pick<AppContext, "logger">,
  request: Request,
  input: { name: string; email: string; password: string },
): Promise<Outcome<{ headers: Headers; user: AppUser }>> {
  if (
    await hitRateLimits(ctx.db, [{ key: `register:ip:${clientAddress(request)}`, limit: LIMITS.registerIp }])
  )
    return rateLimited;
  if (isCommonPassword(input.password)) return tooCommon("password");
  try {
    const { headers, response } = await ctx.auth.api.signUpEmail({
      body: { name: input.name, email: input.email.toLowerCase(), password: input.password },
      headers: request.headers,
      returnHeaders: true,
    });
    await askToVerify(ctx, input.email.toLowerCase());
    return { ok: true, headers, user: toAppUser(response.user) };
  } catch (err) {
    return failure(err, "Error creating account");
  }
}

/**
 * Guest inquiries sent from the new account's address join it once the address is verified
 * (issue 41, ADR 037): then, and only then, the sign-up mails the confirmation link.
 */
async function askToVerify(ctx: Ctx & Pick<AppContext, "logger">, email: string): Promise<void> {
  if (!(await hasGuestInquiries(ctx.db, email))) return;
  // The account exists already: a mail that fails is logged, the sign-up goes on.
  await ctx.auth.api
    .sendVerificationEmail({ body: { email }, headers: new Headers() })
    .catch((err: unknown) => ctx.logger.error("verification mail failed", { error: String(err) }));
}

export async function signOut(ctx: Ctx, request: Request): Promise<Headers> {
  try {
    const { headers } = await ctx.auth.api.signOut({ headers: request.headers, returnHeaders: true });
    return headers;
  } catch (err) {
    // Spec: a failed sign-out still clears the local user; the session cookie is dropped below.
    if (!isAPIError(err)) throw err;
    const headers = new Headers();
    const cookie = ctx.config.siteUrl.startsWith("https://")
      ? "__Secure-vv.session_token"
      : "vv.session_token";
    headers.append("Set-Cookie", `${cookie}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
    return headers;
  }
}

/** Always "succeeds" for unknown addresses too, so the form cannot be used to find accounts. */
export async function requestPasswordReset(ctx: Ctx, request: Request, email: string): Promise<Outcome> {
  const normalized = email.toLowerCase();
  if (
    await hitRateLimits(ctx.db, [
      { key: `reset:email:${normalized}`, limit: LIMITS.resetEmail },
      { key: `reset:ip:${clientAddress(request)}`, limit: LIMITS.resetIp },
    ])
  )
    return rateLimited;
  try {
    await ctx.auth.api.requestPasswordReset({
      body: { email: normalized, redirectTo: "/auth/update-password?type=recovery" },
      headers: request.headers,
    });
    return { ok: true };
  } catch (err) {
    return failure(err, "Failed to send password reset email");
  }
}

/** A reset link is usable while its token is stored and unexpired (it is deleted once used). */
export async function isResetTokenValid(ctx: Ctx, token: string): Promise<boolean> {
  if (!/^[\w-]{8,200}$/.test(token)) return false;
  const auth = await ctx.auth.$context;
  const row = await auth.internalAdapter.findVerificationValue(`reset-password:${token}`);
  return !!row && row.expiresAt > new Date();
}

export async function resetPassword(ctx: Ctx, token: string, newPassword: string): Promise<Outcome> {
  if (isCommonPassword(newPassword)) return tooCommon("password");
  try {
    await ctx.auth.api.resetPassword({ body: { token, newPassword } });
    return { ok: true };
  } catch (err) {
    return failure(err, "Failed to update password");
  }
}

export async function changePassword(
  ctx: Ctx,
  request: Request,
  input: { currentPassword: string; newPassword: string },
): Promise<Outcome<{ headers: Headers }>> {
  if (isCommonPassword(input.newPassword)) return tooCommon("newPassword");
  try {
    // A changed password ends every session; this browser gets a new one (the cookie in `headers`).
    const { headers } = await ctx.auth.api.changePassword({
      body: {
        currentPassword: input.currentPassword,
        newPassword: input.newPassword,
        revokeOtherSessions: true,
      },
      headers: request.headers,
      returnHeaders: true,
    });
    return { ok: true, headers };
  } catch (err) {
    const f = failure(err, "Failed to update password");
    // Spec: the current password is checked first; a wrong one reads 'Current password is incorrect'.
    return /invalid password/i.test(f.error)
      ? { ...f, error: "Current password is incorrect", field: "currentPassword" }
      : f;
  }
}

/** Name and avatar change at once; a new email only after the link sent to it is opened. */
export async function updateProfile(
  ctx: Ctx,
  request: Request,
  user: AppUser,
  input: { name: string; email: string; avatarUrl: string },
): Promise<Outcome<{ emailChangeRequested: boolean }>> {
  try {
    await ctx.auth.api.updateUser({
      body: { name: input.name, image: input.avatarUrl === "" ? null : input.avatarUrl },
      headers: request.headers,
    });
  } catch (err) {
    return { ...failure(err, "Error updating profile") };
  }
  const newEmail = input.email.toLowerCase();
  if (newEmail === user.email.toLowerCase()) return { ok: true, emailChangeRequested: false };
  // Each request mails a stranger's address: a few an hour is plenty.
  if (await hitRateLimits(ctx.db, [{ key: `email-change:user:${user.id}`, limit: LIMITS.emailChangeUser }]))
    return { ...rateLimited, field: "email" };
  try {
    await ctx.auth.api.changeEmail({
      body: { newEmail },
      headers: request.headers,
    });
    return { ok: true, emailChangeRequested: true };
  } catch (err) {
    const f = failure(err, "Error updating profile");
    return { ...f, error: `Error updating email: ${f.error}` };
  }
}

export async function revokeOtherSessions(ctx: Ctx, request: Request): Promise<Outcome> {
  try {
    await ctx.auth.api.revokeOtherSessions({ headers: request.headers });
    return { ok: true };
  } catch (err) {
    const f = failure(err, "Error clearing sessions");
    return { ...f, error: `Error clearing all sessions: ${f.error}` };
  }
}

/**
 * Opens an email-change link: with a valid token the address changes and every session of the
 * account ends (sign in again, as the spec's notice says). Without one, nothing changes.
 */
export async function confirmEmailChange(
  ctx: Ctx,
  request: Request,
  token: string,
): Promise<Outcome<{ headers: Headers; /** Only confirmed: still signed in. */ verified: boolean }>> {
  const invalid: Failure = {
    ok: false,
    error: "This email confirmation link is invalid or has expired.",
    status: 400,
  };
  if (!/^[\w.-]{20,2000}$/.test(token)) return invalid;
  const claims = verificationTokenClaims(token);
  let userId: string | undefined;
  try {
    const result = await ctx.auth.api.verifyEmail({ query: { token }, headers: request.headers });
    userId = (result as { user?: { id?: string } } | undefined)?.user?.id;
  } catch (err) {
    if (isAPIError(err)) return invalid;
    throw err;
  }
  // Confirming the account's own address (not a change): nothing to sign in again for.
  if (claims?.email && !claims.updateTo) {
    const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, claims.email));
    if (!user) return invalid;
    await linkVerifiedInquiries(ctx.db, user.id);
    return { ok: true, headers: new Headers(), verified: true };
  }
  if (!userId) return invalid;
  await linkVerifiedInquiries(ctx.db, userId);
  const auth = await ctx.auth.$context;
  await auth.internalAdapter.deleteUserSessions(userId);
  return { ok: true, headers: await signOut(ctx, request), verified: false };
}
