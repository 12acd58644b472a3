import { isAPIError } from "better-auth/api";
import type { AppContext } from "~/infra/context.server";
import { toAppUser, type AppUser } from "~/lib/user";
import { clientAddress, hitRateLimits, LIMITS, RATE_LIMIT_MESSAGE } from "./rate-limit.server";

// Account operations behind the route actions. Each returns either a result or the message to
// show; better-auth's own messages pass through as the spec asks ("the provider's message as is").

type Ctx = Pick<AppContext, "auth" | "db" | "config">;
export type Outcome<T = object> = ({ ok: true } & T) | { ok: false; error: string; status: number };

function failure(err: unknown, fallback: string): { ok: false; error: string; status: number } {
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

export async function signIn(
  ctx: Ctx,
  request: Request,
  input: { email: string; password: string },
): Promise<Outcome<{ headers: Headers; user: AppUser }>> {
  const email = input.email.toLowerCase();
  const ip = clientAddress(request);
  if (
    await hitRateLimits(ctx.db, [
      { key: `sign-in:email:${email}`, limit: LIMITS.signInEmail },
      { key: `sign-in:ip:${ip}`, limit: LIMITS.signInIp },
    ])
  )
    return rateLimited;
  try {
    const { headers, response } = await ctx.auth.api.signInEmail({
      body: { email, password: input.password },
      headers: request.headers,
      returnHeaders: true,
    });
    return { ok: true, headers, user: toAppUser(response.user) };
  } catch (err) {
    return failure(err, "Error logging in");
  }
}

export async function register(
  ctx: Ctx,
  request: Request,
  input: { name: string; email: string; password: string },
): Promise<Outcome<{ headers: Headers; user: AppUser }>> {
  if (
    await hitRateLimits(ctx.db, [{ key: `register:ip:${clientAddress(request)}`, limit: LIMITS.registerIp }])
  )
    return rateLimited;
  try {
    const { headers, response } = await ctx.auth.api.signUpEmail({
      body: { name: input.name, email: input.email.toLowerCase(), password: input.password },
      headers: request.headers,
      returnHeaders: true,
    });
    return { ok: true, headers, user: toAppUser(response.user) };
  } catch (err) {
    return failure(err, "Error creating account");
  }
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
): Promise<Outcome> {
  try {
    await ctx.auth.api.changePassword({
      body: {
        currentPassword: input.currentPassword,
        newPassword: input.newPassword,
        revokeOtherSessions: false,
      },
      headers: request.headers,
    });
    return { ok: true };
  } catch (err) {
    const f = failure(err, "Failed to update password");
    // Spec: the current password is checked first; a wrong one reads 'Current password is incorrect'.
    return /invalid password/i.test(f.error) ? { ...f, error: "Current password is incorrect" } : f;
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
  try {
    await ctx.auth.api.changeEmail({
      body: { newEmail, callbackURL: "/auth/email-changed" },
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

/** After an email change is confirmed, every session of that account ends: sign in again. */
export async function endAllSessions(ctx: Ctx, request: Request): Promise<Headers> {
  try {
    await ctx.auth.api.revokeSessions({ headers: request.headers });
  } catch (err) {
    if (!isAPIError(err)) throw err;
  }
  return signOut(ctx, request);
}
