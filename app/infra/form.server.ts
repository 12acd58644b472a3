import { data } from "react-router";
import { CATEGORY_BODY_LIMIT, VENUE_TYPES_PATH } from "~/lib/admin";
import { ADMIN_IMPORT_PATH, CSV_MAX_BYTES } from "~/lib/csv-import";
import type { Toast } from "~/lib/toast";
import { MAX_IMAGE_BYTES, MAX_LOGOS, MAX_VENUE_IMAGES, VENUE_SUBMISSIONS_PATH } from "~/lib/uploads";
import { validate, type FieldErrors } from "~/lib/validation/form";

// One way for every action to read a form: parse the body, validate it with the form's zod
// schema (the same one the browser runs), and answer with typed field errors.

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** The largest form body we read (the longest form, a review, is far below it). */
export const FORM_BODY_LIMIT = 100 * 1024;

/** A venue submission: its images and logo at their largest, plus room for the text fields. */
export const SUBMISSION_BODY_LIMIT = (MAX_VENUE_IMAGES + MAX_LOGOS) * MAX_IMAGE_BYTES + 1024 * 1024;

/** The venue manager's details form (a logo at most) and image upload (the 10 images at most). */
export const MANAGER_DETAILS_BODY_LIMIT = MAX_LOGOS * MAX_IMAGE_BYTES + 1024 * 1024;
export const MANAGER_IMAGES_BODY_LIMIT = MAX_VENUE_IMAGES * MAX_IMAGE_BYTES + 1024 * 1024;

/**
 * The largest body the HTTP app lets through to a path (a larger declared Content-Length is
 * refused before reading). Only the upload routes take more than a form; they count the bytes
 * again while streaming (infra/uploads.server.ts).
 */
export function bodyLimitFor(pathname: string): number {
  const path = pathname.replace(/\.data$/, "").replace(/\/+$/, "");
  if (path === ADMIN_IMPORT_PATH) return CSV_MAX_BYTES + 64 * 1024;
  // A venue type's form carries its one image.
  if (path === VENUE_TYPES_PATH) return CATEGORY_BODY_LIMIT;
  // The admin's Add Venue (/admin/venues) and Edit venue forms carry images like a submission.
  if (
    path === VENUE_SUBMISSIONS_PATH ||
    path === "/admin/venues" ||
    /^\/admin\/edit-venue\/[^/]+$/.test(path)
  )
    return SUBMISSION_BODY_LIMIT;
  // A venue manager's details form carries a logo; the Images tab's upload up to 10 images.
  if (/^\/venue-manager\/edit-venue\/[^/]+$/.test(path)) return MANAGER_DETAILS_BODY_LIMIT;
  if (/^\/venue-manager\/edit-venue\/[^/]+\/images$/.test(path)) return MANAGER_IMAGES_BODY_LIMIT;
  return FORM_BODY_LIMIT;
}

// The rest of an oversized body is not read: the connection closes once the answer is sent.
const tooLarge = () =>
  data({ error: "This form is too large." }, { status: 413, headers: { Connection: "close" } });

/** The body's bytes, counted as they stream in: past `limit` reading stops with a 413. */
async function readBody(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  if (Number(request.headers.get("Content-Length") ?? 0) > limit) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body?.getReader();
  for (;;) {
    const next = await reader?.read();
    if (!next || next.done) break;
    size += next.value.byteLength;
    if (size > limit) throw tooLarge();
    chunks.push(next.value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    body.set(c, at);
    at += c.byteLength;
  }
  return body;
}

/**
 * A form's text fields, normalised to NFC (the first value of a repeated key). A body that is
 * not a form, a broken one or an oversized one is the client's fault: 4xx, never 500.
 */
export async function readFormValues(
  request: Request,
  limit = FORM_BODY_LIMIT,
): Promise<Record<string, string>> {
  const contentType = request.headers.get("Content-Type") ?? "";
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  if (!FORM_TYPES.includes(type))
    throw data({ error: "Send this form as application/x-www-form-urlencoded." }, { status: 415 });
  const body = await readBody(request, limit);
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "Content-Type": contentType } }).formData();
  } catch {
    throw data({ error: "The form could not be read. Please try again." }, { status: 400 });
  }
  const values: Record<string, string> = {};
  for (const [key, value] of form.entries())
    if (typeof value === "string" && !(key in values)) values[key] = value.normalize("NFC");
  return values;
}

/**
 * A form the browser posted itself, without our script (or before it ran): it expects a page
 * back (a redirect, or the page with the form's errors), not data. Told by `Accept`, which every
 * browser sets to text/html for a document request, while React Router's fetcher uses fetch()'s
 * default, any type. `Sec-Fetch-Mode: navigate` says the same in current browsers, but older
 * ones (Safari before 16.4) leave it out, and such a post would get data as its page.
 */
export function isDocumentRequest(request: Request): boolean {
  return (request.headers.get("Accept") ?? "").includes("text/html");
}

type Schema = Parameters<typeof validate>[0];
type Output<S extends Schema> = Extract<ReturnType<typeof validate<S>>, { ok: true }>["data"];

export type Parsed<S extends Schema> =
  | { ok: true; data: Output<S>; values: Record<string, string> }
  | { ok: false; errors: FieldErrors; values: Record<string, string> };

/** Reads (unless already read) and validates a form: `data` typed by the schema, `errors` by field. */
export async function parseForm<S extends Schema>(
  source: Request | Record<string, string>,
  schema: S,
): Promise<Parsed<S>> {
  const values = source instanceof Request ? await readFormValues(source) : source;
  const result = validate(schema, values);
  return result.ok ? { ok: true, data: result.data, values } : { ok: false, errors: result.errors, values };
}

/** The values to send back with errors, so nothing typed is lost; passwords never go back. */
export function keepValues(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([k]) => !/password/i.test(k)));
}

/** A refused form: its field errors (and a toast for messages the spec shows as one). */
export function invalid(
  errors: FieldErrors,
  values: Record<string, string> = {},
  init: { status?: number; toast?: Toast } = {},
) {
  return data(
    { ok: false as const, errors, values: keepValues(values), toast: init.toast },
    { status: init.status ?? 400 },
  );
}

/** A service's refusal, put on the field it belongs to (or on the form as a whole). */
export function refused(
  failure: { error: string; field?: string; status: number },
  values: Record<string, string> = {},
  toast?: Toast,
) {
  return invalid({ [failure.field ?? "form"]: failure.error }, values, { status: failure.status, toast });
}
