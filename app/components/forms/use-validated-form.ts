import { useState, type FormEvent } from "react";
import { formValues, validate, type FieldErrors } from "~/lib/validation/form";

type Schema = Parameters<typeof validate>[0];

/** What an action answers for a form (see infra/form.server.ts): errors and the values kept. */
export type FormReply =
  { ok?: boolean; errors?: FieldErrors; values?: Record<string, string> } | undefined | null;

/**
 * Instant feedback with the same schema the action checks: a submit with errors is stopped and
 * its messages shown. The action stays authoritative: once it has answered, its errors show,
 * and `values` gives back what was typed (for a form that was re-rendered without JavaScript).
 */
export function useValidatedForm(schema: Schema, reply: FormReply) {
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const result = validate(schema, formValues(event.currentTarget));
    setClientErrors(result.ok ? null : result.errors);
    if (!result.ok) event.preventDefault();
  };
  const errors: FieldErrors = clientErrors ?? reply?.errors ?? {};
  return { errors, values: reply?.values ?? {}, onSubmit };
}
