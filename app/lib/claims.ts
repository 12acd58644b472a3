// Claiming a listing (issue 45, item 5; ADR 047): the words and rules the claim page, the admin's
// queue and the services share.

/** A claim's confirmation link works this long after it was mailed. */
export const CLAIM_LINK_DAYS = 7;
export const CLAIM_NOTE_MAX = 2000;
/** The admin's queue shows this many claims, the oldest first. */
export const CLAIM_QUEUE_SIZE = 50;

/**
 * Mail services anyone can sign up to: an address there proves nothing about a venue, so a
 * website on one of them (or a page hosted there) gives no domain to claim by.
 */
export const PUBLIC_MAIL_DOMAINS = new Set([
  "gmail.com",
  "googlemail.com",
  "outlook.com",
  "hotmail.com",
  "live.com",
  "msn.com",
  "yahoo.com",
  "ymail.com",
  "icloud.com",
  "me.com",
  "mac.com",
  "aol.com",
  "proton.me",
  "protonmail.com",
  "gmx.com",
  "mail.com",
  "zoho.com",
  "comcast.net",
]);

/**
 * The domain a venue's website gives for addresses to prove a claim by: its host without `www.`,
 * lowercased; null when there is no website, it is no web address with a named host, or the host is a
 * public mail service's.
 */
export function claimDomain(website: string | null | undefined): string | null {
  const raw = website?.trim();
  if (!raw) return null;
  let host: string;
  try {
    const url = new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    host = url.hostname.toLowerCase().replace(/\.$/, "");
  } catch {
    return null;
  }
  host = host.replace(/^www\./, "");
  // A name with a dot and letters in its last label: no IP address, no `localhost`.
  if (!/^(?:[a-z\d](?:[a-z\d-]{0,61}[a-z\d])?\.)+[a-z][a-z\d-]*[a-z\d]$/.test(host)) return null;
  // A page hosted by a mail service (sites.google.com is not, but a subdomain of one is theirs too).
  const labels = host.split(".");
  if (labels.some((_, i) => PUBLIC_MAIL_DOMAINS.has(labels.slice(i).join(".")))) return null;
  return host;
}

/** The part before the @ a claimant may type: a plain mailbox name. */
export const LOCAL_PART = /^[a-z\d!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z\d!#$%&'*+/=?^_`{|}~-]+)*$/i;

/** The claim page of a venue, from its page's address. */
export const claimPath = (venuePagePath: string) => `${venuePagePath}/claim`;
/** The claimant's confirmation page, `?t=` carrying the signature. */
export const claimLinkPath = (claimId: string) => `/claims/${claimId}`;
export const ADMIN_CLAIMS_PATH = "/admin/claims";

export const claimMessages = {
  duplicate: "You already asked to manage this venue",
  yours: "You already manage this venue",
  managed: "This venue already has a manager, so an administrator decides your claim.",
  noDomain: "This venue's website gives no address to confirm by: ask an administrator instead.",
  invalidLink: "This link is not valid any more.",
  otherAccount: "This link belongs to another account. Sign in as the person who asked.",
  notFound: "This claim no longer exists.",
  decided: "This claim has already been decided.",
  approved: (venue: string) => `You now manage ${venue}.`,
  toAdmin: (venue: string) =>
    `${venue} got a manager in the meantime, so an administrator decides your claim. We will email you.`,
  mailed: (address: string) =>
    `We sent a link to ${address}. Open it while signed in to this account to confirm; it works for ${CLAIM_LINK_DAYS} days.`,
  asked: "Your claim is with an administrator. We will email you their decision.",
  rejected: "Claim rejected",
  approvedByAdmin: "Claim approved",
  decideFailed: "Failed to decide the claim",
} as const;
