import { isUuid } from "./uuid";
import type { MetaDescriptor } from "react-router";
import { parseRegion, type Region } from "./search";
import { dateFormat, MONTH_NAMES } from "./dates";
import { countLabel } from "./format";
import type { Role } from "./user";

// Shared by the admin routes and components (pure, no I/O).

/** The spec's admin guard: a help box after 5 s of checking, the check given up after 15 s. */
export const CHECK_HELP_MS = 5_000;
export const CHECK_GIVE_UP_MS = 15_000;

/** Every admin page: its title and noindex (the layout also sends X-Robots-Tag). */
export function adminMeta(title: string, siteName = "Vows & Vistas"): MetaDescriptor[] {
  return [{ title: `${title} | Admin | ${siteName}` }, { name: "robots", content: "noindex, nofollow" }];
}

// eslint-disable-next-line no-control-regex -- control characters are what we look for
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * The `?q=` of an admin list: control characters become spaces (PostgreSQL text cannot hold a
 * NUL, so `?q=%00` would fail the query), and 100 characters at most.
 */
export function adminSearchQuery(params: URLSearchParams): string {
  return (params.get("q") ?? "").replace(new RegExp(CONTROL, "g"), " ").slice(0, 100);
}

/** A user id from a URL the database can be asked about (better-auth's are short, plain text). */
export const isUserIdShaped = (id: string) => id.length > 0 && id.length <= 100 && !CONTROL.test(id);

/** The admin's venue table (spec, admin area: 'Admin venues'): its sort columns, rows and pages. */
export const ADMIN_SORTS = ["name", "location", "capacity", "category"] as const;
export type AdminSort = (typeof ADMIN_SORTS)[number];

/** Where the admin's venue list exports its search, filters and sort as CSV (the import's columns). */
export const ADMIN_EXPORT_PATH = "/admin/venues/export.csv";

/** The admin's venue list. Its state (search, filters, sort, page, page size) lives in the address. */
export const ADMIN_VENUES_PATH = "/admin/venues";

/** Rows per page of the venue list: a choice, 50 unless the address says otherwise (issue 22). */
export const ADMIN_PAGE_SIZES = [25, 50, 100] as const;
export type AdminPageSize = (typeof ADMIN_PAGE_SIZES)[number];
export const ADMIN_PAGE_SIZE: AdminPageSize = 50;

/**
 * Which venues the list holds: the spec's approved ones unless `status=pending` asks for those
 * waiting for review. The status is the list's scope; the other filters narrow it (ADR 024).
 */
export const ADMIN_VENUE_STATUSES = ["approved", "pending"] as const;
export type AdminVenueStatus = (typeof ADMIN_VENUE_STATUSES)[number];

export type AdminListParams = {
  q: string;
  sort: AdminSort;
  dir: "asc" | "desc";
  page: number;
  size: AdminPageSize;
  status: AdminVenueStatus;
  /** `missing`: only venues lacking valid coordinates (spec section 5's rule). */
  coords: "missing" | null;
  /** A venue type's id. */
  category: string | null;
  region: Region | null;
  /** The 'imported by file' filter: an import's id (`?import=`). */
  importId: string | null;
};

const MAX_LIST_PAGE = 100_000;

/**
 * The admin venue list's state from its address (the table, its export and the edit page's way
 * back). A value that is not one of the choices is ignored, never an error.
 */
export function adminListParams(params: URLSearchParams): AdminListParams {
  const sort = params.get("sort") as AdminSort | null;
  const size = Number(params.get("size"));
  const page = params.get("page") ?? "";
  const category = params.get("category") ?? "";
  const importId = params.get("import") ?? "";
  return {
    q: adminSearchQuery(params),
    sort: sort && ADMIN_SORTS.includes(sort) ? sort : "name",
    dir: params.get("dir") === "desc" ? "desc" : "asc",
    page: /^\d{1,6}$/.test(page) ? Math.min(Math.max(1, Number(page)), MAX_LIST_PAGE) : 1,
    size: ADMIN_PAGE_SIZES.find((s) => s === size) ?? ADMIN_PAGE_SIZE,
    status: params.get("status") === "pending" ? "pending" : "approved",
    coords: params.get("coords") === "missing" ? "missing" : null,
    category: isUuid(category) ? category.toLowerCase() : null,
    region: parseRegion(params.get("region")),
    importId: isUuid(importId) ? importId.toLowerCase() : null,
  };
}

/** Whether the search or a filter narrows the list (its status aside, which is its scope). */
export const isNarrowed = (p: Partial<AdminListParams>) =>
  !!p.q?.trim() || !!p.coords || !!p.category || !!p.region || !!p.importId;

/**
 * The list's address for a state, defaults left out, in one order, so a state has one address.
 * `adminListParams(new URL(adminListUrl(p)).searchParams)` gives `p` back.
 */
export function adminListUrl(p: Partial<AdminListParams>, pathname = ADMIN_VENUES_PATH): string {
  const s = new URLSearchParams();
  if (p.q) s.set("q", p.q);
  if (p.status && p.status !== "approved") s.set("status", p.status);
  if (p.coords) s.set("coords", p.coords);
  if (p.category) s.set("category", p.category);
  if (p.region) s.set("region", p.region);
  if (p.importId) s.set("import", p.importId);
  if (p.sort && p.sort !== "name") s.set("sort", p.sort);
  if (p.dir && p.dir !== "asc") s.set("dir", p.dir);
  if (p.size && p.size !== ADMIN_PAGE_SIZE) s.set("size", String(p.size));
  if (p.page && p.page > 1) s.set("page", String(p.page));
  const qs = s.toString();
  return qs ? `${pathname}?${qs}` : pathname;
}

/** The admin's pending venues, whose cards' Edit comes back to them. */
export const ADMIN_PENDING_PATH = "/admin/pending";

/**
 * Where 'Back' and a save on the edit page go: the pending venues, or the list state a `returnTo`
 * names, rebuilt from its parameters, so it is always one of those two pages on this site (never
 * an open redirect), with nothing in its address that the list does not read.
 */
export function venueListReturn(returnTo: string | null | undefined): string {
  if (!returnTo || !returnTo.startsWith("/") || returnTo.startsWith("//") || returnTo.includes("\\"))
    return ADMIN_VENUES_PATH;
  let url: URL;
  try {
    url = new URL(returnTo, "http://list.invalid");
  } catch {
    return ADMIN_VENUES_PATH;
  }
  if (url.host !== "list.invalid") return ADMIN_VENUES_PATH;
  if (url.pathname === ADMIN_PENDING_PATH) return ADMIN_PENDING_PATH;
  if (url.pathname !== ADMIN_VENUES_PATH) return ADMIN_VENUES_PATH;
  return adminListUrl(adminListParams(url.searchParams));
}

/** A path with the list state to come back to, when there is one to keep. */
export function withReturnTo(path: string, listUrl: string): string {
  return listUrl === ADMIN_VENUES_PATH ? path : `${path}?returnTo=${encodeURIComponent(listUrl)}`;
}

export type AdminVenueRow = {
  id: string;
  name: string;
  location: string;
  capacity: number | null;
  category: string | null;
  latitude: number;
  longitude: number;
  path: string;
  /** Inquiries new or replied, and managers: trashing such a venue warns first (issue 41). */
  openInquiries: number;
  managers: number;
};

export type AdminVenueList = {
  venues: AdminVenueRow[];
  /** Venues matching the search and filters. */
  total: number;
  /** Venues of the list's status, before the search and filters: the M of 'N of M venues'. */
  of: number;
  page: number;
  pageCount: number;
  pageSize: AdminPageSize;
};

export type AssignableVenue = { id: string; name: string; location: string };

/** The venue-assignment picker's data: the user's linked venues and the venues matching a search. */
export type AssignmentChoices = {
  selected: AssignableVenue[];
  options: AssignableVenue[];
  /** How many approved venues match the search in all (options holds the first of them). */
  total: number;
};

/** Roles as people read them (toasts, badges). */
export const ROLE_LABELS: Record<Role, string> = {
  user: "User",
  venue_manager: "Venue Manager",
  admin: "Admin",
};

/** A joined or created date, the same on the server and in the browser. */
const date = dateFormat({ year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
export const formatDate = (iso: string): string => date(new Date(iso));

const dateTime = dateFormat({
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "UTC",
  timeZoneName: "short",
});
export const formatDateTime = (iso: string): string => dateTime(new Date(iso));

type AuditLike = {
  action: string;
  details: Record<string, unknown> | null;
  venueName?: string | null;
  targetName: string | null;
  targetEmail: string | null;
  targetId: string | null;
};

const str = (v: unknown) => (typeof v === "string" ? v : null);
const roleLabel = (v: unknown) =>
  v === "user" || v === "venue_manager" || v === "admin" ? ROLE_LABELS[v] : "?";

/** One line on what an audit entry changed, from what it recorded. */
export function describeAudit(e: AuditLike): string {
  const d = e.details ?? {};
  const who = e.targetName ?? e.targetEmail ?? "a deleted user";
  switch (e.action) {
    case "user.role":
      return `${who}: ${roleLabel(d.from)} → ${roleLabel(d.to)}${d.linksRemoved ? ` (${String(d.linksRemoved)} venue links removed)` : ""}`;
    case "user.assign": {
      const n = Array.isArray(d.venues) ? d.venues.length : 0;
      return `${who}: ${countLabel(n, "venue", "venues")}`;
    }
    case "user.password_reset":
      return who;
    case "amenity.update":
    case "category.update":
      return d.from && d.from !== (d.to ?? d.name)
        ? `${str(d.from)} → ${str(d.to ?? d.name)}`
        : (str(d.name) ?? "");
    case "faq.create":
    case "faq.update":
    case "faq.delete":
    case "faq.reorder":
      return str(d.question) ?? str(d.venueName) ?? "";
    case "review.reply":
      return str(d.reply) ?? "";
    case "review.reply_delete":
      return "a reply to a review";
    case "review.report":
      return `${e.venueName ?? "a deleted venue"}: ${str(d.reason) ?? "?"}`;
    case "review.hide":
      return `${e.venueName ?? "a deleted venue"}: ${str(d.reason) ?? ""}`;
    case "review.keep":
    case "review.proof":
    case "review.unhide":
      return e.venueName ?? "a deleted venue";
    case "inquiry.status":
      return `${e.venueName ?? "a deleted venue"}: ${str(d.from) ?? "?"} → ${str(d.to) ?? "?"}`;
    case "availability.mark":
      return `${e.venueName ?? "a deleted venue"}: ${str(d.from)} to ${str(d.to)} ${str(d.status)}`;
    case "availability.closures": {
      const months = Array.isArray(d.months)
        ? d.months.map((m) => MONTH_NAMES[Number(m) - 1]).join(", ")
        : "";
      return `${e.venueName ?? "a deleted venue"}: ${months || "open all year"}`;
    }
    case "availability.import":
      return `${e.venueName ?? "a deleted venue"}: ${countLabel(Number(d.days) || 0, "day", "days")} booked`;
    case "account.delete": {
      // Issue 46 (ADR 050): what went with the account, never its name or address.
      const released = Array.isArray(d.venuesReleased)
        ? d.venuesReleased.flatMap((v) => str((v as { name?: unknown } | null)?.name) ?? [])
        : [];
      return [
        d.reviews === "keep" ? "reviews kept as a former guest" : "reviews deleted",
        d.contactErased ? "contact details erased" : "",
        Number(d.submissionsDeleted)
          ? countLabel(Number(d.submissionsDeleted), "submission", "submissions") + " deleted"
          : "",
        released.length ? `back to the admins: ${released.join(", ")}` : "",
      ]
        .filter(Boolean)
        .join("; ");
    }
    default:
      return str(d.name) ?? e.venueName ?? str(d.fileName) ?? e.targetId ?? "";
  }
}

// Messages the admin screens show, shared by the services that answer with them and the pages.
/** Users screen (spec section 8, Users; issue 12). */
export const userMessages = {
  loadFailed: "Failed to load users",
  roleFailed: "Failed to update user role. Please try again.",
  roleUpdated: (role: Role) => `User role updated to ${ROLE_LABELS[role]}`,
  resetFailed: "Failed to reset password",
  noEmail: "Could not find user email",
  resetSent: "Password reset email sent",
  assignmentsLoadFailed: "Failed to load venue assignments",
  assignmentsFailed: "Failed to update venue assignments",
  assignmentsUpdated: "Venue assignments updated successfully",
  noVenues: "Please choose at least one venue to assign",
  venuesGone: "Some of the chosen venues are no longer listed. Please choose again.",
  ownAdmin: "You cannot remove your own admin role",
  lastAdmin: "The last administrator cannot lose the admin role",
  notFound: "User not found",
} as const;

/** Amenities screen (spec section 8, Amenities). */
export const amenityMessages = {
  loadFailed: "Failed to load amenities",
  added: (name: string) => `${name} amenity added`,
  addFailed: "Failed to add amenity",
  updated: (name: string) => `Amenity renamed to ${name}`,
  unchanged: (name: string) => `${name} already has this name: nothing changed`,
  updateFailed: "Failed to update amenity",
  deleted: (name: string) => `${name} amenity deleted`,
  deleteFailed: "Failed to delete amenity",
  duplicate: "An amenity with this name already exists",
  notFound: "Amenity not found",
} as const;

/** Venues screens (spec section 8, Venues). */
export const venueMessages = {
  added: "Venue added successfully",
  addFailed: "Failed to add venue",
  updated: "Venue updated successfully",
  updateFailed: "Failed to update venue",
  deleted: "Venue deleted successfully",
  deleteFailed: "Failed to delete venue",
  notFound: "Venue Not Found",
  idRequired: "Venue ID is required",
  addressRequired: "Venue address is required for geocoding",
  geocoded: "Venue coordinates updated successfully",
  geocodeFailed: (status: string) => `Geocoding failed: ${status}`,
  loadFailed: "Failed to load venues",
} as const;

/** Pending screen (spec section 8, Venues: approval and rejection). */
export const approvalMessages = {
  approved: "Venue approved successfully",
  approvedManager: "Venue has been approved and the submitter has been assigned as venue manager",
  approveFailed: "Failed to approve venue",
  rejected: "Venue has been rejected and removed",
  rejectFailed: "Failed to reject venue",
  notFound: "Venue not found",
  notPending: "This venue is no longer pending",
} as const;

/** Venue types screen (spec section 8, Venue types). */
export const categoryMessages = {
  added: (name: string) => `${name} category added`,
  updated: (name: string) => `${name} category updated`,
  deleted: (name: string) => `${name} category deleted`,
  addFailed: "Failed to add category",
  updateFailed: "Failed to update category",
  deleteFailed: "Failed to delete category",
  duplicate: "A venue type with this name already exists",
  notFound: "Venue type not found",
  inUse: (n: number) =>
    `${countLabel(n, "venue uses", "venues use")} this venue type. Choose another type to move ${n === 1 ? "it" : "them"} to.`,
  moved: (n: number, to: string) => `Moved ${countLabel(n, "venue", "venues")} to ${to}`,
  moveTarget: "Please choose another venue type to move the venues to",
  imageFailed: (reason: string) => `Failed to upload image: ${reason}`,
} as const;
