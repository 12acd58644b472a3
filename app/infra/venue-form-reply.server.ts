import { data } from "react-router";
import type { Toast } from "~/lib/toast";
import type { FieldErrors } from "~/lib/validation/form";
import { isThrownAnswer } from "~/lib/refusal";
import type { Logger } from "./logger.server";

// The answers of the routes that save a venue form (the admin's add and edit, the manager's
// details, the owner's edit): the shape the shared form reads (components/venue-form), ADR 018.

type Refusal = {
  status: number;
  errors: FieldErrors;
  values: Record<string, string>;
  toast?: Toast;
  /** Refused while streaming: the rest of the body was not read, so the connection closes. */
  unread?: true;
};

/** A refused form: its errors, what was typed, the toast (or `fallback` when it has none). */
export const venueFormRefused = (r: Refusal, fallback?: Toast) =>
  data(
    { ok: false as const, errors: r.errors, values: r.values, toast: r.toast ?? fallback },
    { status: r.status, headers: r.unread ? { Connection: "close" } : undefined },
  );

/**
 * Runs a venue form's save: a thrown answer (a refusal, a redirect) passes on; any other error is
 * logged as `what` and answered 500 with `toast`, the form kept.
 */
export async function savingVenueForm<T>(
  logger: Logger,
  what: string,
  context: Record<string, unknown>,
  toast: Toast,
  save: () => Promise<T>,
) {
  try {
    return await save();
  } catch (err) {
    if (isThrownAnswer(err)) throw err;
    logger.error(what, { error: String(err), ...context });
    return data({ ok: false as const, errors: {}, values: {}, toast }, { status: 500 });
  }
}
