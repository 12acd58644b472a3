import { data } from "react-router";
import { FORM_BODY_LIMIT } from "~/lib/body-limits";
import type { Toast } from "~/lib/toast";
import { validate, type FieldErrors } from "~/lib/validation/form";

// One way for every action to read a form: parse the body, validate it with the form's zod
// schema (the same one the browser runs), and answer with typed field errors.

// The limits live in lib/, so the browser can name the one a refused request ran into.
export {
  bodyLimitFor,
  FORM_BODY_LIMIT,
  MANAGER_DETAILS_BODY_LIMIT,
  MANAGER_IMAGES_BODY_LIMIT,
  SUBMISSION_BODY_LIMIT,
} from "~/lib/body-limits";

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

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
  const values: Record<string, string> = {};
  for (const [key, value] of await readFormFields(request, limit)) if (!(key in values)) values[key] = value;
  return values;
}

/** Every text field of a form in order, repeated keys included (a list of checkboxes), NFC. */
export async function readFormFields(request: Request, limit = FORM_BODY_LIMIT): Promise<[string, string][]> {
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
  const fields: [string, string][] = [];
  for (const [key, value] of form.entries())
    if (typeof value === "string") fields.push([key, value.normalize("NFC")]);
  return fields;
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

/** A multipart body (a form with files), which the upload reader streams, rather than a small form. */
export const isMultipart = (request: Request) =>
  /^multipart\/form-data/i.test(request.headers.get("Content-Type") ?? "");

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
