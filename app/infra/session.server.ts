import { createCookie, data, redirect } from "react-router";
import type { AppContext } from "./context.server";
import type { Toast } from "~/lib/toast";
import { toAppUser, type AppUser } from "~/lib/user";

const flashCookie = createCookie("vv_flash", { httpOnly: true, sameSite: "lax", path: "/", maxAge: 60 });

const isHttps = (request: Request) => new URL(request.url).protocol === "https:";

/** A toast to show on the next page, carried by a short-lived cookie through a redirect. */
export async function flashHeaders(
  request: Request,
  toast: Toast,
  headers = new Headers(),
): Promise<Headers> {
  headers.append("Set-Cookie", await flashCookie.serialize(toast, { secure: isHttps(request) }));
  return headers;
}

export async function readFlash(request: Request): Promise<{ toast: Toast | null; headers: Headers }> {
  const toast = ((await flashCookie.parse(request.headers.get("Cookie"))) as Toast | null) ?? null;
  const headers = new Headers();
  if (toast)
    headers.append("Set-Cookie", await flashCookie.serialize("", { maxAge: 0, secure: isHttps(request) }));
  return { toast, headers };
}

export async function redirectWithToast(
  request: Request,
  to: string,
  toast: Toast,
  headers?: Headers,
): Promise<Response> {
  return redirect(to, { headers: await flashHeaders(request, toast, headers) });
}

export async function getUser(request: Request, context: Pick<AppContext, "auth">): Promise<AppUser | null> {
  const session = await context.auth.api.getSession({ headers: request.headers });
  if (!session) return null;
  return toAppUser(session.user);
}

function loginUrl(request: Request): string {
  const url = new URL(request.url);
  return `/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`;
}

const isRead = (request: Request) => request.method === "GET" || request.method === "HEAD";

/** Signed-out: pages redirect to /login (and come back after), actions answer 401. */
export async function requireUser(request: Request, context: Pick<AppContext, "auth">): Promise<AppUser> {
  const user = await getUser(request, context);
  if (user) return user;
  if (isRead(request)) throw redirect(loginUrl(request));
  throw data({ error: "You must be logged in" }, { status: 401 });
}

async function requireRole(
  request: Request,
  context: Pick<AppContext, "auth">,
  allowed: (user: AppUser) => boolean,
  message: string,
): Promise<AppUser> {
  const user = await requireUser(request, context);
  if (allowed(user)) return user;
  if (isRead(request)) throw await redirectWithToast(request, "/login", { type: "error", message });
  throw data({ error: message }, { status: 403 });
}

export function requireAdmin(request: Request, context: Pick<AppContext, "auth">): Promise<AppUser> {
  return requireRole(
    request,
    context,
    (u) => u.role === "admin",
    "You do not have permission to access the admin area",
  );
}

export function requireVenueManager(request: Request, context: Pick<AppContext, "auth">): Promise<AppUser> {
  return requireRole(
    request,
    context,
    (u) => u.role === "venue_manager" || u.role === "admin",
    "You do not have permission to access the venue manager area",
  );
}
