import { adminListParams, type AdminListParams } from "./admin";
import { safeRedirect } from "./user";

// Bulk actions on the admin's venue list, the trash and the undo of an import (issue 22, item 7;
// docs/decisions/023-trash-bulk-actions-and-import-undo.md): what the screens and the services
// that answer them share (pure, no I/O).

/** How long a deleted venue stays in the trash before the hourly purge deletes it for good. */
export const TRASH_DAYS = 30;

export const BULK_PATH = "/admin/venues/bulk";
export const TRASH_PATH = "/admin/venues/trash";
export const ACTIVITY_PATH = "/admin/activity";
export const importUndoPath = (importId: string) => `/admin/imports/${importId}/undo`;

export const BULK_INTENTS = ["delete", "approve", "reject"] as const;
export type BulkIntent = (typeof BULK_INTENTS)[number];
export const isBulkIntent = (v: unknown): v is BulkIntent => BULK_INTENTS.includes(v as BulkIntent);

/** Venues a form may name one by one (a page of the list is far fewer; 'all matching' names none). */
export const MAX_BULK_IDS = 1000;

/** The id of the bulk form, which the list's checkboxes belong to (`form=`). */
export const BULK_FORM_ID = "venue-bulk";

export const ADMIN_VENUES_PATH = "/admin/venues";

/**
 * The bulk form's fields (the list's checkboxes belong to it): `ids` ticked one by one;
 * `allOnPage` with the page's `pageIds` (the header's checkbox, which needs no script);
 * `allMatching` for every venue of the list's search and filters, read from `returnTo`, the
 * list's address, where the answer goes back to; `confirmed` once the count was shown;
 * `confirm` once the warning of managed venues with open inquiries was (issue 41).
 */
export type BulkForm = {
  intent: string;
  selection: { ids: string[] } | { matching: AdminListParams };
  returnTo: string;
  confirmed: boolean;
  warned: boolean;
};

export function parseBulkForm(fields: [string, string][]): BulkForm {
  const all = (key: string) => fields.filter(([k]) => k === key).map(([, v]) => v);
  const one = (key: string) => all(key)[0] ?? "";
  const back = safeRedirect(one("returnTo"), ADMIN_VENUES_PATH);
  const returnTo = new URL(back, "http://x").pathname === ADMIN_VENUES_PATH ? back : ADMIN_VENUES_PATH;
  const ids = one("allOnPage") ? [...all("ids"), ...all("pageIds")] : all("ids");
  return {
    intent: one("intent"),
    selection: one("allMatching")
      ? { matching: adminListParams(new URL(returnTo, "http://x").searchParams) }
      : { ids: [...new Set(ids)] },
    returnTo,
    confirmed: one("confirmed") === "1",
    warned: one("confirm") === "1",
  };
}

/** '5,000': every count the admin reads, formatted alike. */
export const formatCount = (n: number) => n.toLocaleString("en-US");

/** '1 venue', '5,000 venues'. */
export const countOf = (n: number, one: string, many = `${one}s`) =>
  `${formatCount(n)} ${n === 1 ? one : many}`;

const VERBS: Record<BulkIntent, string> = { delete: "Delete", approve: "Approve", reject: "Reject" };

/** The confirmation's question: 'Delete 37 venues?'. */
export const bulkQuestion = (intent: BulkIntent, n: number) => `${VERBS[intent]} ${countOf(n, "venue")}?`;

/** The confirm button: 'Delete 37 venues'. */
export const bulkConfirmLabel = (intent: BulkIntent, n: number) => `${VERBS[intent]} ${countOf(n, "venue")}`;

/** What each action does, said under the question. */
export const BULK_EFFECTS: Record<BulkIntent, string> = {
  delete: `They move to the trash, where they can be restored for ${TRASH_DAYS} days.`,
  approve:
    "Pending venues go live; their submitters become their venue managers and are emailed. Venues already approved stay as they are.",
  reject:
    "Pending venues are deleted permanently and their submitters are emailed. Venues already approved stay as they are.",
};

export const bulkMessages = {
  noneChosen: "Choose at least one venue first",
  tooMany: `Choose at most ${formatCount(MAX_BULK_IDS)} venues one by one, or all venues matching the search`,
  unknownAction: "Choose Delete, Approve or Reject",
  noneLeft: "None of the chosen venues is listed any more",
  failed: "The bulk action failed. Please try again.",
  deleted: (n: number) => `${countOf(n, "venue")} moved to the trash`,
  deletedMore: `Restore them from the trash within ${TRASH_DAYS} days if needed.`,
  approved: (n: number) => `${countOf(n, "venue")} approved`,
  rejected: (n: number) => `${countOf(n, "venue")} rejected and removed`,
  notPending: (n: number) =>
    `${countOf(n, "venue was", "venues were")} not pending and stayed as ${n === 1 ? "it was" : "they were"}.`,
  failedSome: (n: number) => `${countOf(n, "venue")} could not be changed; see the server log.`,
};

export const trashMessages = {
  noneChosen: "Choose a venue in the trash first",
  notInTrash: "That venue is no longer in the trash",
  restored: (names: string[]) =>
    names.length === 1 ? `${names[0]} restored` : `${countOf(names.length, "venue")} restored`,
  purged: (names: string[]) =>
    names.length === 1 ? `${names[0]} deleted forever` : `${countOf(names.length, "venue")} deleted forever`,
  restoreFailed: "Failed to restore the venue",
  purgeFailed: "Failed to delete the venue",
  purgeQuestion: "Delete this venue forever?",
  purgeEffect: "Its photos, reviews and FAQs are deleted too. This cannot be undone.",
};

export type TrashRow = {
  id: string;
  name: string;
  location: string;
  image: string | null;
  deletedAt: string;
  /** When the hourly purge deletes it for good. */
  purgeAt: string;
  deletedBy: string | null;
  /** The file whose import's undo moved it here. */
  importFile: string | null;
};

export type TrashList = { venues: TrashRow[]; total: number; page: number; pageCount: number };

/** An import as its undo's confirmation describes it. */
export type ImportUndoInfo = {
  id: string;
  fileName: string;
  createdAt: string;
  actorName: string | null;
  /** Venues it added that are still listed (they go to the trash). */
  added: number;
  /** Venues it changed (they get their previous values back, unless edited since). */
  updated: number;
  undoneAt: string | null;
};

export const undoMessages = {
  notFound: "Import not found",
  nothing: "This import changed no venue that can be undone",
  failed: "Failed to undo the import",
  question: (fileName: string) => `Undo the import of ${fileName}?`,
  already: (when: string, by: string | null) =>
    `This import was already undone on ${when}${by ? ` by ${by}` : ""}.`,
};

/** What an undo did, in words (the toast, the activity entry). */
export function undoSummary(r: {
  trashed: number;
  restored: number;
  edited: string[];
  gone: number;
}): string {
  const parts = [
    r.trashed > 0 ? `${countOf(r.trashed, "venue")} it added moved to the trash` : null,
    r.restored > 0 ? `${countOf(r.restored, "venue")} it changed got their previous values back` : null,
    r.edited.length > 0
      ? `${countOf(r.edited.length, "venue was", "venues were")} edited since the import and kept as ${r.edited.length === 1 ? "it is" : "they are"}: ${r.edited.slice(0, 5).join(", ")}${r.edited.length > 5 ? ` and ${formatCount(r.edited.length - 5)} more` : ""}`
      : null,
    r.gone > 0 ? `${countOf(r.gone, "venue was", "venues were")} already deleted` : null,
  ].filter((p): p is string => p !== null);
  return parts.length > 0 ? `${parts.join("; ")}.` : "Nothing was left to undo.";
}

/** An import the admin list can be filtered by: its file and how many venues it brought. */
export type ImportChoice = { id: string; fileName: string; createdAt: string; venues: number };

/** A venue whose trashing would leave couples and managers waiting (issue 41, item 15). */
export type TrashWarning = { id: string; name: string; openInquiries: number; managers: number };

/** Whether trashing needs a second, explicit yes: managed, with inquiries still open. */
export const needsTrashWarning = (v: { openInquiries: number; managers: number }) =>
  v.openInquiries > 0 && v.managers > 0;

/** 'Fleur Hall has 3 open inquiries from couples and 2 venue managers.' */
export const trashWarningLine = (w: Omit<TrashWarning, "id">) =>
  `${w.name} has ${countOf(w.openInquiries, "open inquiry", "open inquiries")} from couples and ${countOf(w.managers, "venue manager")}.`;

/** The whole warning: one line per venue (the first few), then the question. */
export function trashWarningText(warnings: Omit<TrashWarning, "id">[], total = warnings.length): string {
  const shown = warnings.slice(0, 3).map(trashWarningLine);
  const more = total - shown.length;
  if (more > 0)
    shown.push(`${countOf(more, "more venue")} ${more === 1 ? "has" : "have"} open inquiries too.`);
  return `${shown.join(" ")} ${total === 1 ? "Trash it anyway?" : "Trash them anyway?"}`;
}
