// The one-click unsubscribe link's address (RFC 8058, issue 41): services build the link, the
// HTTP layer lets its POST through the origin check (the signed link is the credential).
export const UNSUBSCRIBE_PATH = "/unsubscribe";

/** Where a signed-in person chooses which kinds of email they get (ADR 043). */
export const EMAIL_SETTINGS_PATH = "/account/emails";
