import * as z from "zod/mini";
import { MAX } from "./limits";

// Building blocks for form schemas. zod/mini (imported as a namespace so unused parts are
// dropped) keeps the validation that ships to the browser around 6 KB.

export { MAX };

// Control characters (a NUL byte breaks PostgreSQL text) other than tab and line breaks.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
// What renders as nothing: whitespace, zero-width spaces and joiners, soft hyphens, BOMs.
const INVISIBLE = /[\s\u00AD\u180E\u200B-\u200F\u2028-\u202F\u205F-\u2064\uFEFF]/g;

export const isBlank = (v: string) => v.replace(INVISIBLE, "") === "";

/** A form field: missing reads as "", at most `max` characters, no control characters. */
export const text = (max: number = MAX.short, tooLong = `Please use at most ${max} characters`) =>
  z._default(z.string(), "").check(
    z.maxLength(max, tooLong),
    z.refine((v) => !CONTROL.test(v), "Please remove the unsupported characters"),
  );

/** A trimmed field that must not be empty, nor made only of invisible characters. */
export const required = (message: string, max?: number, tooLong?: string) =>
  text(max, tooLong).check(
    z.trim(),
    z.refine((v) => !isBlank(v), message),
  );

/** A checkbox: sent ("on") when ticked, absent otherwise. */
export const checkbox = () =>
  z.pipe(
    text(10),
    z.transform((v) => v !== ""),
  );

/** A trimmed email address. */
export const email = (message: string, requiredMessage = message) =>
  z.pipe(required(requiredMessage, MAX.email, message), z.email(message));

export const minLength = (n: number, message: string) =>
  text(MAX.password, `Please use at most ${MAX.password} characters`).check(z.minLength(n, message));
