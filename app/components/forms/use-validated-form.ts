import { useState, type FormEvent } from "react";
import { formValues, validate, type FieldErrors } from "~/lib/validation/form";

type Schema = Parameters<typeof validate>[0];

/** What an action answers for a form (see infra/form.server.ts): errors and the values kept. */
export type FormReply =
  { ok?: boolean; errors?: FieldErrors; values?: Record<string, string> } | undefined | null;

/** No errors: one object, so that a form without any keeps the same value from render to render. */
export const NO_ERRORS: FieldErrors = {};

/**
 * Instant feedback with the same schema the action checks: a submit with errors is stopped and
 * its messages shown, and each goes as soon as its field is corrected. The action stays
 * authoritative: once it has answered, its errors show, and `values` gives back what was typed
 * (for a form that was re-rendered without JavaScript). Give the form `onSubmit` and `onChange`
 * (or spread `formProps`, which adds `noValidate`).
 */
export function useValidatedForm(schema: Schema, reply: FormReply) {
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const result = validate(schema, formValues(event.currentTarget));
    setClientErrors(result.ok ? null : result.errors);
    if (!result.ok) event.preventDefault();
  };
  const { errors, onChange } = useFieldErrors(clientErrors ?? reply?.errors ?? NO_ERRORS, {
    check: (form) => schemaErrors(schema, formValues(form)),
    fromCheck: clientErrors !== null,
  });
  const formProps = { noValidate: true, onSubmit, onChange };
  return { errors, values: reply?.values ?? {}, onSubmit, onChange, formProps };
}

/** The schema's messages for `values`, none when they pass. */
export function schemaErrors(schema: Schema, values: unknown): FieldErrors {
  const result = validate(schema, values);
  return result.ok ? NO_ERRORS : result.errors;
}

/**
 * The field errors a form shows, each gone as soon as its field is corrected (issue 22): the form's
 * `onChange` (every input or change inside it) judges the form again with `check`, the schema the
 * submit runs. The edited field's message goes once it passes, or says what is wrong with it now.
 * When the messages are the check's own (`fromCheck`), every other field that now passes loses its
 * message too (a confirmation that a changed password now matches). Without `check` (messages only
 * the server can judge) the edited field's message goes once it is changed. The message about the
 * whole form (`form`) stays; the server checks everything again when the form is sent.
 */
export function useFieldErrors(
  errors: FieldErrors,
  { check, fromCheck = false }: { check?: (form: HTMLFormElement) => FieldErrors; fromCheck?: boolean } = {},
) {
  // What is shown, for the errors it was derived from: new errors (a submit, an answer) start again.
  const [live, setLive] = useState<{ from: FieldErrors; shown: FieldErrors } | null>(null);
  const shown = live?.from === errors ? live.shown : errors;
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const edited = (event.target as { name?: unknown }).name;
    const fields = Object.keys(shown).filter((field) => field !== "form");
    if (fields.length === 0 || typeof edited !== "string") return;
    const now = check?.(event.currentTarget);
    const next = { ...shown };
    for (const field of fields) {
      const message = now?.[field];
      if (field === edited && message) next[field] = message;
      else if (field === edited || (fromCheck && now && !message)) delete next[field];
    }
    if (fields.some((field) => next[field] !== shown[field])) setLive({ from: errors, shown: next });
  };
  return { errors: shown, onChange };
}
