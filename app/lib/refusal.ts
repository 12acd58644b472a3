// One typed refusal for the services (ADR 036): a 403 or 404 a service throws whoever calls it.
// It carries the shape React Router gives a thrown data() (type, data, init), so a loader, an
// action or a middleware that lets it through answers its status with `{ error }`, as the
// data() it replaces did; refusal.test.ts fails if React Router stops reading it so.

export class Refusal extends Error {
  readonly type = "DataWithResponseInit";
  readonly data: { error: string };
  readonly init: { status: number };

  constructor(
    readonly status: number,
    message: string,
    /** The form's field the refusal belongs to, for a route that puts it on one. */
    readonly field?: string,
  ) {
    super(message);
    this.name = "Refusal";
    this.data = { error: message };
    this.init = { status };
  }
}

/** A thrown answer (a Refusal, a thrown data(), a redirect or Response): every catch passes it on. */
export const isThrownAnswer = (err: unknown): boolean =>
  err instanceof Response || (err as { type?: string } | null)?.type === "DataWithResponseInit";

/** A fault worth logging: an Error that is not an answer. */
export const isFault = (err: unknown): err is Error => err instanceof Error && !isThrownAnswer(err);
