import { useState, type FormEvent } from "react";
import { formValues, validate, type FieldErrors } from "~/lib/validation/form";

type Schema = Parameters<typeof validate>[0];

/**
 * Instant feedback with the same schema the action checks: a submit with errors is stopped and
 * its messages shown; the action stays authoritative for everything that reaches it.
 */
export function useClientValidation(schema: Schema) {
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const result = validate(schema, formValues(event.currentTarget));
    setClientErrors(result.ok ? null : result.errors);
    if (!result.ok) event.preventDefault();
  };
  return { clientErrors, onSubmit };
}
