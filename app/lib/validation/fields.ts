import * as z from "zod/mini";

// Building blocks for form schemas. zod/mini (imported as a namespace so unused parts are
// dropped) keeps the validation that ships to the browser around 6 KB.

/** A form field: missing reads as "". */
export const text = () => z._default(z.string(), "");

/** A trimmed field that must not be empty. */
export const required = (message: string) =>
  z._default(z.string(), "").check(z.trim(), z.minLength(1, message));

/** A trimmed email address. */
export const email = (message: string, requiredMessage = message) =>
  z.pipe(required(requiredMessage), z.email(message));

export const minLength = (n: number, message: string) =>
  z._default(z.string(), "").check(z.minLength(n, message));
