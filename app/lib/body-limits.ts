import { ICS_LIMITS } from "./availability";
import { MAX_IMAGE_BYTES, MAX_LOGOS, MAX_VENUE_IMAGES, VENUE_SUBMISSIONS_PATH } from "./uploads";

// How large a request body each path accepts. The HTTP app refuses a larger declared body before
// reading it (infra/http.server.ts) and the upload routes count the bytes again while streaming;
// the browser states the limit when a request was refused as too large (lib/failed-request.ts).

/** The largest form body we read (the longest form, a review, is far below it). */
export const FORM_BODY_LIMIT = 100 * 1024;

/** A venue submission: its images and logo at their largest, plus room for the text fields. */
export const SUBMISSION_BODY_LIMIT = (MAX_VENUE_IMAGES + MAX_LOGOS) * MAX_IMAGE_BYTES + 1024 * 1024;

/** The venue manager's details form (a logo at most) and image upload (the 10 images at most). */
export const MANAGER_DETAILS_BODY_LIMIT = MAX_LOGOS * MAX_IMAGE_BYTES + 1024 * 1024;
export const MANAGER_IMAGES_BODY_LIMIT = MAX_VENUE_IMAGES * MAX_IMAGE_BYTES + 1024 * 1024;

/**
 * A venue's availability calendar: its .ics import's file, with room to spare, so that a file a
 * little over its limit still gets the calendar's own message rather than the bare 413.
 */
export const CALENDAR_BODY_LIMIT = ICS_LIMITS.bytes + 1024 * 1024;
/** The calendar's plain forms: the import's confirmation sends up to 1,000 ranges with their names. */
export const CALENDAR_FORM_LIMIT = 1024 * 1024;

/** The Venue Types screen, whose forms carry one image. Here, not in lib/admin.ts: this module
 *  is in every page's bundle (lib/failed-request.ts), and lib/admin.ts is the back office's. */
const VENUE_TYPES_PATH = "/admin/venue-categories";
export const CATEGORY_BODY_LIMIT = MAX_IMAGE_BYTES + 256 * 1024;

/** The CSV import's file, and where the import panel posts it (preview, then import). */
export const CSV_MAX_BYTES = 10 * 1024 * 1024;
export const ADMIN_IMPORT_PATH = "/admin/venues/import";

/**
 * The largest body the HTTP app lets through to a path (a larger declared Content-Length is
 * refused before reading). Only the upload routes take more than a form; they count the bytes
 * again while streaming (infra/uploads.server.ts), as every reader of a body does.
 */
export function bodyLimitFor(pathname: string): number {
  const path = pathname.replace(/\.data$/, "").replace(/\/+$/, "");
  if (path === ADMIN_IMPORT_PATH) return CSV_MAX_BYTES + 64 * 1024;
  // A venue type's form carries its one image.
  if (path === VENUE_TYPES_PATH) return CATEGORY_BODY_LIMIT;
  // The admin's Add Venue (/admin/venues) and Edit venue forms, and the owner's edit of their
  // pending submission (/account/venues/{id}), carry images like a submission.
  if (
    path === VENUE_SUBMISSIONS_PATH ||
    path === "/admin/venues" ||
    /^\/admin\/edit-venue\/[^/]+$/.test(path) ||
    /^\/account\/venues\/[^/]+$/.test(path)
  )
    return SUBMISSION_BODY_LIMIT;
  // A venue manager's details form carries a logo; the Images tab's upload up to 10 images.
  if (/^\/venue-manager\/edit-venue\/[^/]+$/.test(path)) return MANAGER_DETAILS_BODY_LIMIT;
  if (/^\/venue-manager\/edit-venue\/[^/]+\/images$/.test(path)) return MANAGER_IMAGES_BODY_LIMIT;
  // The manager's calendar, and the admin's page for it: the .ics import.
  if (/^\/(venue-manager|admin)\/edit-venue\/[^/]+\/availability$/.test(path)) return CALENDAR_BODY_LIMIT;
  return FORM_BODY_LIMIT;
}
