// The one-click unsubscribe link's address (RFC 8058, issue 41): services build the link, the
// HTTP layer lets its POST through the origin check (the signed link is the credential).
export const UNSUBSCRIBE_PATH = "/unsubscribe";
/** A saved search's signed links (issue 44): its confirmation and its one-click stop. */
export const SAVED_SEARCH_LINK_PATHS = ["/saved-searches/confirm", "/saved-searches/off"];
/** The posts whose signed link is their credential, let in from anywhere. */
export const SIGNED_LINK_POSTS = new Set([UNSUBSCRIBE_PATH, ...SAVED_SEARCH_LINK_PATHS]);

/** Where a signed-in person chooses which kinds of email they get (ADR 043). */
export const EMAIL_SETTINGS_PATH = "/account/emails";
