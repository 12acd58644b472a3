import type { Role } from "../../database/schema";

export type AppUser = { id: string; name: string; email: string; avatarUrl: string | null; role: Role };

/** Spec: any role value other than admin or venue_manager reads as user. */
export function normalizeRole(value: unknown): Role {
  return value === "admin" || value === "venue_manager" ? value : "user";
}

export function homeFor(user: Pick<AppUser, "role">): string {
  return user.role === "admin" ? "/admin/dashboard" : "/account";
}

/** Only same-site relative paths may be used as redirect targets (no open redirects). */
export function safeRedirect(to: unknown, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\"))
    return fallback;
  return to;
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
