// A refused write says when the user may try again (issue 21): the minutes left in its window,
// rounded up, so "in 0 minutes" never shows.

export function tooManyRequestsMessage(secondsLeft: number): string {
  const minutes = Math.max(1, Math.ceil(secondsLeft / 60));
  return `Too many requests, try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
}

/** Providers that ignore dots in the local part, and the one name their addresses go by. */
const DOTLESS: Record<string, string> = { "gmail.com": "gmail.com", "googlemail.com": "gmail.com" };

/**
 * The mailbox an address reaches, for limits per address (issue 39): lowercased, without a
 * `+tag`, and for Gmail without dots, so that `victim+1@…` and `vic.tim+2@…` count as one.
 */
export function normalizeEmail(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at < 0) return address;
  let local = address.slice(0, at).replace(/\+.*$/, "");
  let domain = address.slice(at + 1);
  const dotless = DOTLESS[domain];
  if (dotless) [local, domain] = [local.replaceAll(".", ""), dotless];
  return `${local}@${domain}`;
}
