// The compare tray and the /compare address (issue 24, point 2; ADR 031). Pure and isomorphic:
// the /compare loader reads the tray's cookie without scripts, the tray writes it with them.
import { isUuid } from "./uuid";

/** At most this many venues side by side. */
export const COMPARE_MAX = 4;
/** The tray's cookie: readable by the script (the tray), sent to /compare (the no-script path). */
export const COMPARE_COOKIE = "vv_compare";
/** The page's one 'Compare' form (a GET to /compare): each card's button names it. */
export const COMPARE_FORM = "compare-add";

/** A venue in the tray: its id and the name the tray shows. */
export type TrayItem = { id: string; name: string };

/** Venue ids from `ids=a,b` (repeated or comma-separated), valid uuids, lower-cased, once each, in order. */
export function parseCompareIds(values: string[]): string[] {
  const out: string[] = [];
  for (const raw of values.flatMap((v) => v.split(","))) {
    const id = raw.trim().toLowerCase();
    if (isUuid(id) && !out.includes(id)) out.push(id);
    if (out.length === 20) break;
  }
  return out;
}

/** `/compare?ids=a,b,c`, with the guest count when there is one. */
export function compareUrl(ids: string[], guests: number | null = null): string {
  const p = new URLSearchParams();
  if (ids.length > 0) p.set("ids", ids.join(","));
  if (guests) p.set("guests", String(guests));
  const qs = p.toString().replace(/%2C/g, ",");
  return qs ? `/compare?${qs}` : "/compare";
}

/** The tray from its cookie's value; anything malformed is dropped, never thrown. */
export function readTray(value: string | null | undefined): TrayItem[] {
  if (!value) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(decodeURIComponent(value));
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const out: TrayItem[] = [];
  for (const item of parsed) {
    if (!item || typeof item !== "object") continue;
    const { id, name } = item as Record<string, unknown>;
    if (typeof id !== "string" || !isUuid(id) || out.some((t) => t.id === id.toLowerCase())) continue;
    out.push({ id: id.toLowerCase(), name: typeof name === "string" ? name.slice(0, 120) : "" });
    if (out.length === COMPARE_MAX) break;
  }
  return out;
}

/** The cookie's value for a tray. */
export const writeTray = (tray: TrayItem[]) =>
  encodeURIComponent(JSON.stringify(tray.slice(0, COMPARE_MAX).map(({ id, name }) => ({ id, name }))));

/** The value of one cookie in a Cookie header. */
export function cookieValue(header: string | null | undefined, name: string): string | null {
  for (const part of (header ?? "").split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return v.join("=");
  }
  return null;
}

export type TrayChange = { tray: TrayItem[]; outcome: "added" | "already" | "full" | "removed" };

/** Adds a venue at the end, unless it is there already or the tray is full. */
export function addToTray(tray: TrayItem[], item: TrayItem): TrayChange {
  if (tray.some((t) => t.id === item.id)) return { tray, outcome: "already" };
  if (tray.length >= COMPARE_MAX) return { tray, outcome: "full" };
  return { tray: [...tray, item], outcome: "added" };
}

export function removeFromTray(tray: TrayItem[], id: string): TrayChange {
  return { tray: tray.filter((t) => t.id !== id), outcome: "removed" };
}

/** What the tray's live region says after a change. */
export function trayMessage(change: TrayChange, name: string): string {
  const n = change.tray.length;
  switch (change.outcome) {
    case "added":
      return `${name} added to compare (${n} of ${COMPARE_MAX}).`;
    case "already":
      return `${name} is already in compare.`;
    case "full":
      return `Compare holds ${COMPARE_MAX} venues: remove one to add ${name}.`;
    case "removed":
      return `${name} removed from compare (${n} of ${COMPARE_MAX}).`;
  }
}
