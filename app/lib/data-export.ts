// "Download my data" (issue 46, item 1; ADR 049): what the download holds, in the words the
// account's privacy page and the archive's README.txt share, and its limits.
import { DAY_MS, RETENTION_DAYS } from "./retention";

/** One file of the archive and what it holds, in plain words. */
export type ExportPart = {
  file: string;
  what: string;
  /** Named on the privacy page to managers and admins only (a couple's would be empty). */
  backOffice?: boolean;
};

export const EXPORT_PARTS: ExportPart[] = [
  {
    file: "account.json",
    what: "Your account: name, email address, role, when it was created, how you sign in",
  },
  {
    file: "sessions.json",
    what: "Your signed-in devices: when each session began and ends, its address and browser (never the keys that sign you in)",
  },
  { file: "favorites.json", what: "The venues you saved" },
  { file: "reviews.json", what: "Your reviews, with each venue's reply" },
  {
    file: "inquiries.json",
    what: "Your inquiries to venues, with the messages you and each venue wrote since",
  },
  { file: "site-visits.json", what: "The site visits you booked" },
  { file: "saved-searches.json", what: "Your saved searches and how often they email you" },
  { file: "email-preferences.json", what: "Which kinds of email you turned on or off" },
  {
    file: "submissions.json",
    what: "The venues you submitted, with their details; their photos and logo are in files/",
  },
  { file: "review-reports.json", what: "The reviews you reported, and what was decided" },
  { file: "claims.json", what: "Your claims to manage a venue listing" },
  {
    file: "activity.json",
    what: "What you did in the back office (for example a venue you edited), the latest 10,000 entries",
    backOffice: true,
  },
  {
    file: "managed-venues.json",
    what: "The venues you manage: their own details (not the couples who wrote to them)",
    backOffice: true,
  },
];

/** The archive's name: `vows-and-vistas-data-2026-11-30.zip`. */
export function exportFileName(at: Date): string {
  return `vows-and-vistas-data-${at.toISOString().slice(0, 10)}.zip`;
}

/** The day a download expires, as the mail and the privacy page say it ("December 7, 2026"). */
export const expiryDay = (at: Date | string) =>
  new Date(at).toLocaleDateString("en-US", {
    timeZone: "America/Denver",
    month: "long",
    day: "numeric",
    year: "numeric",
  });

/** The download link of an export built in the background. */
export const exportPath = (exportId: string) => `/account/privacy/exports/${exportId}`;

export type ExportLimits = {
  /** Up to this many stored files, the archive is answered at once; above, built in the background. */
  directFiles: number;
  /** The archive is refused past this many bytes (no ZIP64, and a bound on storage and time). */
  maxBytes: number;
  /** Downloads asked for per account in a day (each reads every row and file of the account). */
  perDay: number;
};

// 20 photos at their widest (1600 px WebP, a few hundred KB each) stay within seconds to send;
// above that a request would hold a connection for long. 1 GiB is far past any person's data.
export const EXPORT_LIMITS: ExportLimits = {
  directFiles: 20,
  maxBytes: 1024 * 1024 * 1024,
  perDay: 5,
};

/** When an export asked for at `at` expires (its file and link are deleted then). */
export const exportExpiry = (at: Date) => new Date(at.getTime() + RETENTION_DAYS.dataExports * DAY_MS);

export const exportMessages = {
  building: "We are preparing your download. We will email you a link when it is ready.",
  alreadyBuilding: "Your last download is still being prepared. We will email you when it is ready.",
  tooMany: "You asked for your data several times today. Please try again tomorrow.",
  tooLarge: "Your data is larger than we can put in one download. Please write to us and we will send it.",
  expired: "This download has expired",
  notFound: "Download not found",
};

/** A past export as the privacy page lists it. */
export type ExportListing = {
  id: string;
  status: "building" | "ready" | "failed";
  createdAt: string;
  expiresAt: string;
  bytes: number | null;
  expired: boolean;
};

/** The archive's README.txt: what each file is. */
export function exportReadme(siteName: string, at: Date, files: string[]): string {
  const parts = EXPORT_PARTS.filter((p) => files.includes(p.file));
  const width = Math.max(...parts.map((p) => p.file.length));
  const lines = parts.map((p) => `  ${p.file.padEnd(width)}  ${p.what}`);
  return [
    `Your data on ${siteName}, as it was on ${at.toISOString().slice(0, 16).replace("T", " ")} UTC.`,
    "",
    "Each .json file is plain text (JSON): open it in any text editor. Times are in UTC.",
    "",
    ...lines,
    ...(files.some((f) => f.startsWith("files/"))
      ? [`  ${"files/".padEnd(width)}  The photos and logos of the venues you submitted`]
      : []),
    "",
    "Messages a venue wrote to you are its own words; the names and addresses of the people who",
    "answered for it, and anything about other couples, are not part of your data.",
    "",
  ].join("\n");
}
