/** A thrown answer (a refusal such as assertAdmin's, a redirect), which a route passes on as it is. */
export const isThrownAnswer = (err: unknown) =>
  err instanceof Response || (err as { type?: string } | null)?.type === "DataWithResponseInit";
