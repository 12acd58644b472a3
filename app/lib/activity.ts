import { describeAudit } from "./admin";
import { countOf, formatCount, TRASH_DAYS } from "./venue-bulk";

// Recent Activity (issue 22, item 9): the audit log as the admin reads it, one entry per admin
// action, an import or a bulk action being one entry however many batches it took.

export const DASHBOARD_ACTIVITY = 20;
export const ACTIVITY_PAGE_SIZE = 50;

export type ActivityEntry = {
  id: number;
  action: string;
  label: string;
  targetType: string;
  targetId: string | null;
  details: Record<string, unknown> | null;
  actorId: string | null;
  actorName: string | null;
  actorEmail: string | null;
  /** The actor's role now: a venue manager's entries are told apart from the admins' (issue 41). */
  actorRole: string | null;
  /** The venue the entry is about, by its current name. */
  venueName: string | null;
  targetName: string | null;
  targetEmail: string | null;
  createdAt: string;
  /** Done by the server itself (the trash's 30-day purge), not by an account. */
  system: boolean;
  /** An import's entry: its file, and its undo. */
  import: {
    id: string;
    fileName: string;
    undoneAt: string | null;
    undoneBy: string | null;
    /** Venues it added or changed are left to undo. */
    undoable: boolean;
  } | null;
};

/** Whose entries the page keeps: every one, the admins' or the venue managers'. */
export type ActivityBy = "admins" | "managers";
export const readActivityBy = (v: string | null): ActivityBy | undefined =>
  v === "admins" || v === "managers" ? v : undefined;

export type ActivityPage = {
  entries: ActivityEntry[];
  total: number;
  page: number;
  pageCount: number;
  by: ActivityBy | null;
};

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : 0);
const str = (v: unknown) => (typeof v === "string" ? v : "");

/**
 * An entry as a headline and the rest of its line: 'Imported 5,000 venues' 'from spring.csv
 * (4,200 added, 800 updated)'. Counts are formatted alike ('5,000').
 */
export function activityLine(e: ActivityEntry): { headline: string; rest: string } {
  const d = e.details ?? {};
  const n = num(d.count);
  // The venues by name: the first few the action recorded, and how many more.
  const names = Array.isArray(d.names) ? d.names.filter((x): x is string => typeof x === "string") : [];
  const one = names.length
    ? `${names.join(", ")}${n > names.length ? ` and ${formatCount(n - names.length)} more` : ""}`
    : n === 1
      ? str(d.name)
      : "";
  switch (e.action) {
    case "venue.import": {
      const added = num(d.added);
      const updated = num(d.updated);
      const file = e.import?.fileName || str(d.fileName);
      return {
        headline: `Imported ${countOf(added + updated, "venue")}`,
        rest: `from ${file}${added && updated ? ` (${formatCount(added)} added, ${formatCount(updated)} updated)` : updated ? " (all updates)" : ""}`,
      };
    }
    case "venue.import_undo":
      return {
        headline: `Undid the import of ${str(d.fileName)}`,
        rest: `${countOf(num(d.trashed), "venue")} moved to the trash, ${countOf(num(d.restored), "venue")} given their previous values back${num(d.edited) ? `, ${countOf(num(d.edited), "venue")} edited since kept` : ""}`,
      };
    case "venue.bulk_delete":
      return { headline: `Moved ${countOf(n, "venue")} to the trash`, rest: one };
    case "venue.bulk_approve":
      return { headline: `Approved ${countOf(n, "venue")}`, rest: one };
    case "venue.bulk_reject":
      return { headline: `Rejected ${countOf(n, "venue")}`, rest: one };
    case "venue.restore":
      return { headline: `Restored ${countOf(n, "venue")} from the trash`, rest: one };
    case "venue.purge":
      return {
        headline: `Deleted ${countOf(n, "venue")} forever`,
        rest: [one, d.expired ? `after ${TRASH_DAYS} days in the trash` : ""].filter(Boolean).join(", "),
      };
    default:
      return { headline: e.label, rest: describeAudit(e) };
  }
}

/** Who did it: their name (and 'venue manager'), 'Automatic' for the server's own work, or a note that the account is gone. */
export const activityActor = (e: ActivityEntry) =>
  e.system
    ? "Automatic"
    : `${e.actorName ?? "Deleted account"}${e.actorRole === "venue_manager" ? " (venue manager)" : ""}`;
