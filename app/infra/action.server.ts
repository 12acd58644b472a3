import { data, type RouterContextProvider } from "react-router";
import type { AppContext } from "~/infra/context.server";
import { invalid, isDocumentRequest, parseForm, readFormValues } from "~/infra/form.server";
import { expectUser, getApp, getUser, redirectWithToast } from "~/infra/session.server";
import { failureTitle, type FailureTitles } from "~/lib/failed-request";
import { isThrownAnswer, Refusal } from "~/lib/refusal";
import type { Toast } from "~/lib/toast";
import type { AppUser } from "~/lib/user";
import type { FieldErrors } from "~/lib/validation/form";

// The action envelope (ADR 036): what every route action repeats, written once. It reads the form
// (bounded, infra/form.server.ts), validates it with the route's schema, runs the route's work,
// passes thrown answers on (a Refusal becomes its data() answer), logs a fault with the route's
// name and intent and answers it with the intent's failure title, as each route did by hand.

type Params = Record<string, string>;
type Args = { request: Request; params: Params; context: Readonly<RouterContextProvider> };
type Schema = Parameters<typeof parseForm>[1];
type Input<S> = S extends Schema
  ? Extract<Awaited<ReturnType<typeof parseForm<S>>>, { ok: true }>["data"]
  : Record<string, string>;
type Extra = Record<string, unknown>;

/** What the route's `run` (and its `invalid` and `failure` answers) get. */
export type ActionContext<I = Record<string, string>> = {
  app: AppContext;
  request: Request;
  params: Params;
  context: Readonly<RouterContextProvider>;
  /** The signed-in user, where a guard (middleware) made sure there is one. */
  readonly actor: AppUser;
  /** The signed-in user or null, where visitors may post. */
  user: AppUser | null;
  /** The form's data as the schema gives it (the raw values without a schema). */
  input: I;
  /** The form's text fields as sent (NFC, the first of a repeated key); empty with `body: "none"`. */
  values: Record<string, string>;
  /** Which of the route's forms was sent (`intent`), when it has several. */
  intent: string | undefined;
  /** The failure title of that form (today's FAILURES maps). */
  title: string;
  /** Data with a status (200 unless said). */
  reply: <T>(body: T, status?: number, headers?: HeadersInit) => ReturnType<typeof data<T>>;
  /** A success: `{ ok: true, intent, ...extra, toast }`. */
  done: (message: string, extra?: Extra) => ReturnType<typeof data<Reply>>;
  /** A refusal or failure: `{ ok: false, intent, ...extra, toast: title + reason }`. */
  fail: (status: number, reason?: string, extra?: Extra) => ReturnType<typeof data<Reply>>;
  /**
   * One step's catch: a fault is logged as `<log> failed` (the intent, the error, `logged`'s
   * fields) and `failure` stands in for the step's result; an answer thrown goes on.
   */
  attempt: <T, F>(work: () => Promise<T>, failure: F, intent?: string) => Promise<T | F>;
  /** A plain form's answer is a redirect to `back` with the toast; a fetcher's, `{ ok, toast }`. */
  answer: (toast: Toast, status: number, back: string) => Promise<Response | ReturnType<typeof data<Reply>>>;
};

type Reply = { ok: boolean; intent?: string; toast?: Toast } & Extra;

type Invalid = ReturnType<typeof invalid>;
type Failed = ReturnType<ActionContext["fail"]>;

export type FormActionSpec<S extends Schema | undefined, R, V = Invalid, F = Failed, B = never> = {
  /** The form's zod schema (the one the browser runs); without it `input` is the raw values. */
  schema?: S;
  /** A refusal before a byte of the body is read (a guest, a venue they may not manage): its answer. */
  before?: (ctx: ActionContext) => B | undefined | Promise<B | undefined>;
  /** How the body is read: its text fields (default), or not at all (the route reads it: files, lists). */
  body?: "values" | "none";
  /** The failure title per intent (or one for the route), and the title for an unknown intent. */
  failures?: FailureTitles;
  fallback?: string;
  /** A form the schema refused (default: `invalid(errors, values)`, 400 with the values kept). */
  invalid?: (
    refused: { errors: FieldErrors; values: Record<string, string> },
    ctx: ActionContext,
  ) => V | Promise<V>;
  /**
   * Set to catch faults: an Error thrown by `run` is logged as `<log> failed` with the intent,
   * the error and `logged`'s fields, and answered by `failure` (default `fail(500, "Unknown error")`;
   * `false`: only the steps run through `attempt` are caught). Without `log` a fault goes on to
   * the error page, as it does in a route without a try/catch.
   */
  log?: string;
  logged?: (ctx: ActionContext<unknown>) => Extra;
  failure?: false | ((ctx: ActionContext<Input<S>>) => F | Promise<F>);
  run: (ctx: ActionContext<Input<S>>) => Promise<R>;
};

const FAULT = Symbol("fault");

/** A route's `action`: `export const action = formAction({ schema, failures, log, run })`. */
export function formAction<
  S extends Schema | undefined = undefined,
  R = unknown,
  V = S extends undefined ? never : Invalid,
  F = never,
  B = never,
>(spec: FormActionSpec<S, R, V, F, B>) {
  return async ({ request, params, context }: Args): Promise<R | V | F | B> => {
    if (spec.before) {
      const refused = await spec.before(envelope(request, params, context, {}, undefined, {}, spec));
      if (refused !== undefined) return refused;
    }
    const values = spec.body === "none" ? {} : await readFormValues(request);
    const base = envelope(request, params, context, values, values.intent, values, spec);
    let input = values as Input<S>;
    if (spec.schema) {
      const parsed = await parseForm(values, spec.schema);
      if (!parsed.ok)
        return spec.invalid ? spec.invalid(parsed, base) : (invalid(parsed.errors, parsed.values) as V);
      input = parsed.data as Input<S>;
    }
    const intent = (input as { intent?: string }).intent ?? values.intent;
    const ctx = envelope(request, params, context, values, intent, input, spec);
    const failure = spec.failure;
    if (!spec.log || failure === false) return spec.run(ctx).catch(rethrowRefusal);
    const r = await ctx.attempt(() => spec.run(ctx), FAULT);
    if (r !== FAULT) return r;
    return failure ? failure(ctx) : (ctx.fail(500, "Unknown error") as F);
  };
}

/**
 * The try/catch of an action, for a step that has its own (a route's second form, a preview):
 * an answer thrown goes on (a Refusal as its data() answer); a fault is logged and answered.
 */
export async function attempt<R, F>(
  app: Pick<AppContext, "logger">,
  work: () => Promise<R>,
  on: { log: () => [string, Extra]; failure: () => F | Promise<F> },
): Promise<R | F> {
  try {
    return await work();
  } catch (err) {
    if (!(err instanceof Error) || isThrownAnswer(err)) return rethrowRefusal(err);
    const [message, fields] = on.log();
    app.logger.error(message, { ...fields, error: String(err) });
    return on.failure();
  }
}

/** A Refusal leaves as the data() answer it stands for; anything else thrown goes on as it is. */
function rethrowRefusal(err: unknown): never {
  if (err instanceof Refusal) throw data(err.data, err.init);
  throw err;
}

function envelope<I>(
  request: Request,
  params: Params,
  context: Readonly<RouterContextProvider>,
  values: Record<string, string>,
  intent: string | undefined,
  input: I,
  spec: {
    failures?: FailureTitles;
    fallback?: string;
    log?: string;
    logged?: (ctx: ActionContext<unknown>) => Extra;
  },
): ActionContext<I> {
  const app = getApp(context);
  const title = failureTitle(spec.failures ?? "", intent, spec.fallback);
  const reply = <T>(body: T, status = 200, headers?: HeadersInit) =>
    data<T>(body, headers ? { status, headers } : { status });
  const ctx: ActionContext<I> = {
    app,
    request,
    params,
    context,
    get actor() {
      return expectUser(context);
    },
    user: getUser(context),
    input,
    values,
    intent,
    title,
    reply,
    done: (message, extra) =>
      reply<Reply>({ ok: true, intent, ...extra, toast: { type: "success", message } }),
    fail: (status, reason, extra) =>
      reply<Reply>(
        { ok: false, intent, ...extra, toast: { type: "error", message: title, description: reason } },
        status,
      ),
    answer: async (toast, status, back) =>
      isDocumentRequest(request)
        ? redirectWithToast(app, request, back, toast)
        : reply<Reply>({ ok: status === 200, toast }, status),
    attempt: (work, failure, at = intent) =>
      attempt(app, work, {
        log: () => [
          `${spec.log ?? "action"} failed`,
          { ...(at === undefined ? {} : { intent: at }), ...spec.logged?.(ctx) },
        ],
        failure: () => failure,
      }),
  };
  return ctx;
}
