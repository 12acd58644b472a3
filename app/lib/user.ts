export const ROLES = ["user", "venue_manager", "admin"] as const;
export type Role = (typeof ROLES)[number];

export type AppUser = { id: string; name: string; email: string; avatarUrl: string | null; role: Role };

/** Spec: any role value other than admin or venue_manager reads as user. */
export function normalizeRole(value: unknown): Role {
  return value === "admin" || value === "venue_manager" ? value : "user";
}

export function homeFor(user: Pick<AppUser, "role">): string {
  return user.role === "admin" ? "/admin/dashboard" : "/account";
}

// A stand-in origin: a target is kept only when it resolves to this origin.
const HERE = "http://here.invalid";
// Browsers drop tab, CR and LF inside URLs and read a backslash as a slash, so "/\t/evil.example"
// or "/\\evil.example" become "//evil.example": another site. Refuse them, encoded or not.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f\\]/;

function decoded(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return "\u0000"; // malformed escapes: refuse
  }
}

/**
 * A redirect target from the request (`redirectTo`), kept only when it is a path on our own
 * site; anything else gives the fallback. The kept value is normalised (`/a/../b` is `/b`).
 */
export function safeRedirect(to: unknown, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.length > 2000) return fallback;
  if (UNSAFE.test(to) || UNSAFE.test(decoded(to))) return fallback;
  let url: URL;
  try {
    url = new URL(to, HERE);
  } catch {
    return fallback;
  }
  if (url.origin !== HERE || /^\/[/\\]/.test(decoded(url.pathname))) return fallback;
  return url.pathname + url.search + url.hash;
}

/** The sign-in page, coming back to `redirectTo` afterwards (plus any extra parameters). */
export function loginPath(redirectTo?: string, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra);
  if (redirectTo) params.set("redirectTo", redirectTo);
  const query = params.toString();
  return query ? `/login?${query}` : "/login";
}

export function toAppUser(u: {
  id: string;
  name: string;
  email: string;
  image?: string | null;
  role?: unknown;
}): AppUser {
  return { id: u.id, name: u.name, email: u.email, avatarUrl: u.image ?? null, role: normalizeRole(u.role) };
}
