import { data, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { appContext, requestNotesContext, userContext, type AppContext } from "./context.server";
import type { Toast } from "~/lib/toast";
import { loginPath, toAppUser, type AppUser } from "~/lib/user";

// Secure over https; on an https site (SITE_URL) always, from the cookie's own options
// (createFlashCookie), since behind a TLS proxy the request itself may reach us over http.
const secureOverHttps = (request: Request) =>
  new URL(request.url).protocol === "https:" ? { secure: true } : {};

/** A toast to show on the next page, carried by a short-lived signed cookie through a redirect. */
export async function flashHeaders(
  app: Pick<AppContext, "flashCookie">,
  request: Request,
  toast: Toast,
  headers = new Headers(),
): Promise<Headers> {
  headers.append("Set-Cookie", await app.flashCookie.serialize(toast, secureOverHttps(request)));
  return headers;
}

/** The flashed toast, if any (a cookie with a bad signature reads as none), and the header that clears it. */
export async function readFlash(
  app: Pick<AppContext, "flashCookie">,
  request: Request,
): Promise<{ toast: Toast | null; headers: Headers }> {
  const cookie = request.headers.get("Cookie");
  const headers = new Headers();
  if (!cookie?.includes("vv_flash=")) return { toast: null, headers };
  const value: unknown = await app.flashCookie.parse(cookie);
  headers.append(
    "Set-Cookie",
    await app.flashCookie.serialize("", { maxAge: 0, ...secureOverHttps(request) }),
  );
  return { toast: isToast(value) ? value : null, headers };
}

function isToast(v: unknown): v is Toast {
  const t = v as Toast | null;
  return !!t && typeof t === "object" && typeof t.message === "string" && typeof t.type === "string";
}

export async function redirectWithToast(
  app: Pick<AppContext, "flashCookie">,
  request: Request,
  to: string,
  toast: Toast,
  headers?: Headers,
): Promise<Response> {
  return redirect(to, { headers: await flashHeaders(app, request, toast, headers) });
}

// better-auth's session cookie (with the __Secure- prefix over https).
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?vv\.session_token=/;

/** The signed-in user of a request. No session cookie means no database round trip. */
export async function loadUser(app: Pick<AppContext, "auth">, request: Request): Promise<AppUser | null> {
  if (!SESSION_COOKIE.test(request.headers.get("Cookie") ?? "")) return null;
  const session = await app.auth.api.getSession({ headers: request.headers });
  return session ? toAppUser(session.user) : null;
}

/** Root middleware: reads the session once per request and puts the user in the router context. */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }) => {
  const user = await loadUser(context.get(appContext), request);
  context.set(userContext, user);
  const notes = context.get(requestNotesContext);
  if (notes) notes.userId = user?.id ?? null;
};

type Ctx = Readonly<RouterContextProvider>;

export const getApp = (context: Ctx): AppContext => context.get(appContext);

/** The signed-in user, or null for a visitor. */
export const getUser = (context: Ctx): AppUser | null => context.get(userContext);

/**
 * The signed-in user in a loader or action that runs behind one of the guards below. Without a
 * guard this is a programming error, which the every-route guard test catches.
 */
export function expectUser(context: Ctx): AppUser {
  const user = context.get(userContext);
  if (!user) throw new Error("expectUser() used in a route without a requireUser/requireRole guard");
  return user;
}

const isRead = (request: Request) => request.method === "GET" || request.method === "HEAD";

function roleGuard(
  allowed: (user: AppUser) => boolean,
  message: string,
  refusedTo = "/login",
): MiddlewareFunction<Response> {
  return async ({ request, context }) => {
    const user = context.get(userContext);
    if (!user) {
      if (isRead(request)) {
        const url = new URL(request.url);
        throw redirect(loginPath(url.pathname + url.search));
      }
      throw data({ error: "You must be logged in" }, { status: 401 });
    }
    if (allowed(user)) return;
    if (isRead(request))
      throw await redirectWithToast(getApp(context), request, refusedTo, { type: "error", message });
    throw data({ error: message }, { status: 403 });
  };
}

/**
 * Route middleware for a layout (or a single route): every child loader and action runs behind it.
 * Signed-out visitors are sent to /login and come back after; actions answer 401. The wrong role
 * gets the area's message: a redirect for pages, 403 for actions.
 */
export const requireUser = roleGuard(() => true, "You must be logged in");

/**
 * A signed-in non-admin lands on their own /account page with the spec's message (the spec's
 * /login would only bounce a signed-in visitor on to /account, losing the message on the way).
 */
export const requireAdmin = roleGuard(
  (u) => u.role === "admin",
  "You do not have permission to access the admin area",
  "/account",
);

/**
 * Admins count as venue managers (docs/decisions/003-spec-gaps.md). A signed-in user without the
 * role lands on /account with the spec's message, as for the admin area (ADR 016).
 */
export const requireVenueManager = roleGuard(
  (u) => u.role === "venue_manager" || u.role === "admin",
  "You do not have permission to access the venue manager area",
  "/account",
);

/** Middleware for the admin and manager areas: their pages are never indexed (header and meta tag). */
export const noindex: MiddlewareFunction<Response> = async (_args, next) => {
  const response = await next();
  response.headers.set("X-Robots-Tag", "noindex, nofollow");
  return response;
};
