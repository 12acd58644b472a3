import type * as core from "zod/v4/core";
import type { Toast } from "~/lib/toast";

export type FieldErrors = Record<string, string>;

/** An action's answer to a form: which form it was (intent), field errors, the values to keep, a toast. */
export type FormReply = {
  ok: boolean;
  intent?: string;
  errors?: FieldErrors;
  values?: Record<string, string>;
  toast?: Toast;
};
export type FormResult<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors; message: string };

type Schema = core.$ZodType & { safeParse(value: unknown): core.util.SafeParseResult<unknown> };

/** Runs a schema over form values; keeps the first message per field and the first overall. */
export function validate<S extends Schema>(schema: S, values: unknown): FormResult<core.output<S>> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data as core.output<S> };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : "form";
    errors[key] ??= issue.message;
  }
  return { ok: false, errors, message: parsed.error.issues[0]?.message ?? "Invalid input" };
}

export function formValues(form: FormData | HTMLFormElement): Record<string, string> {
  const data = form instanceof FormData ? form : new FormData(form);
  const out: Record<string, string> = {};
  for (const [k, v] of data.entries()) if (typeof v === "string") out[k] = v;
  return out;
}
