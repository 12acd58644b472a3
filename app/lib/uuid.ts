// Ids are UUIDs (gen_random_uuid()): a route checks an id's shape before any query, so a
// malformed one is a 404 or a message, never a database error.

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A string checked to be a UUID (branded, so a failed check does not narrow a string away). */
export type Uuid = string & { readonly __uuid: true };

export const isUuid = (v: unknown): v is Uuid => typeof v === "string" && UUID_PATTERN.test(v);
