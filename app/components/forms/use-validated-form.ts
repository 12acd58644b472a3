import { useEffect, useRef, useState, type FormEvent } from "react";
import { formValues, validate, type FieldErrors } from "~/lib/validation/form";

type Schema = Parameters<typeof validate>[0];

/**
 * A schema whose module, and zod with it, is imported when its form is first used (focused,
 * changed or sent) or has messages to judge, not with the page (issue 42: zod and the schemas
 * were 10 KB of a venue page's first load). Made once per schema: at module level, or memoised
 * with what it is built from.
 */
export type LazySchema = { load: () => Promise<Schema>; loaded: Schema | null };

export function lazySchema(importSchema: () => Promise<Schema>): LazySchema {
  let pending: Promise<Schema> | null = null;
  const lazy: LazySchema = {
    loaded: null,
    load() {
      pending ??= importSchema().then(
        (schema) => (lazy.loaded = schema),
        (error: unknown) => {
          pending = null; // the next use tries again
          throw error;
        },
      );
      return pending;
    },
  };
  return lazy;
}

const isLazy = (schema: Schema | LazySchema): schema is LazySchema =>
  "loaded" in schema && typeof schema.load === "function";

/** What an action answers for a form (see infra/form.server.ts): errors and the values kept. */
export type FormReply =
  { ok?: boolean; errors?: FieldErrors; values?: Record<string, string> } | undefined | null;

/** No errors: one object, so that a form without any keeps the same value from render to render. */
export const NO_ERRORS: FieldErrors = {};

/**
 * Instant feedback with the same schema the action checks: a submit with errors is stopped and
 * its messages shown, and each goes as soon as its field is corrected. The action stays
 * authoritative: once it has answered, its errors show, and `values` gives back what was typed
 * (for a form that was re-rendered without JavaScript). Give the form `onSubmit`, `onChange` and
 * `onFocus` (or spread `formProps`, which adds `noValidate`).
 *
 * A `lazySchema` loads on the form's first focus or change; a submit or a change that comes before
 * it is in waits for it (a send that passes is sent again, as the person sent it), and one whose
 * schema cannot load goes to the action, which judges it.
 */
export function useValidatedForm(source: Schema | LazySchema, reply: FormReply) {
  const lazy = isLazy(source) ? source : null;
  const current = () => (lazy ? lazy.loaded : (source as Schema));
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  // The send made again once the schema came: it has been judged already.
  const resending = useRef(false);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (resending.current) {
      resending.current = false;
      return;
    }
    const schema = current();
    if (schema || !lazy) {
      const result = validate(schema!, formValues(event.currentTarget));
      setClientErrors(result.ok ? null : result.errors);
      if (!result.ok) event.preventDefault();
      return;
    }
    event.preventDefault();
    const form = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const resend = () => {
      if (!form.isConnected) return;
      resending.current = true;
      form.requestSubmit(submitter?.isConnected ? submitter : null);
    };
    lazy.load().then((loaded) => {
      const result = validate(loaded, formValues(form));
      setClientErrors(result.ok ? null : result.errors);
      if (result.ok) resend();
    }, resend);
  };
  const fields = useFieldErrors(clientErrors ?? reply?.errors ?? NO_ERRORS, {
    check: (form) => {
      const schema = current();
      return schema ? schemaErrors(schema, formValues(form)) : undefined;
    },
    fromCheck: clientErrors !== null,
  });
  // A change that comes before the schema is judged once it is in, by the form as it is then.
  const latestOnChange = useRef(fields.onChange);
  useEffect(() => {
    latestOnChange.current = fields.onChange;
  });
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    if (!lazy || lazy.loaded) return fields.onChange(event);
    const edited = { currentTarget: event.currentTarget, target: event.target } as FormEvent<HTMLFormElement>;
    const judge = () => latestOnChange.current(edited);
    lazy.load().then(judge, judge);
  };
  const onFocus = () => {
    lazy?.load().catch(() => {});
  };
  // Messages from the action (a send without the script, then the page ran) are judged by it too.
  const hasReplyErrors = !!reply?.errors && Object.keys(reply.errors).length > 0;
  useEffect(() => {
    if (hasReplyErrors) lazy?.load().catch(() => {});
  }, [hasReplyErrors, lazy]);
  const formProps = { noValidate: true, onSubmit, onChange, onFocus };
  return { errors: fields.errors, values: reply?.values ?? {}, onSubmit, onChange, onFocus, formProps };
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
  {
    check,
    fromCheck = false,
  }: { check?: (form: HTMLFormElement) => FieldErrors | undefined; fromCheck?: boolean } = {},
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
