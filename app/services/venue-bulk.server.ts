import { isUuid } from "~/lib/uuid";
import { eq, inArray } from "drizzle-orm";
import crypto from "node:crypto";
import { venues } from "../../database/schema";
import type { AppContext } from "~/infra/context.server";
import type { Db } from "~/infra/db.server";
import type { AdminListParams } from "~/lib/admin";
import { nextTurn } from "~/lib/next-turn";
import type { Toast } from "~/lib/toast";
import type { AppUser } from "~/lib/user";
import { bulkMessages, MAX_BULK_IDS, trashWarningText, type BulkIntent } from "~/lib/venue-bulk";
import { adminVenueIds } from "./admin-venues.server";
import { approvalMessages, approveVenue, rejectVenue } from "./approvals.server";
import { recordOperationAudit } from "./audit.server";
import { assertAdmin } from "./permissions.server";
import { trashWarnings } from "./trash-warnings.server";
import { inBatches, moveVenuesToTrash, TRASH_BATCH } from "./venue-trash.server";

// Bulk actions on the admin's venue list (issue 22, item 7; ADR 023): the venues ticked one by
// one, or every venue matching the list's search and filters, deleted (to the trash), approved
// or rejected in one step. Approval and rejection go through the one-venue services
// (approvals.server.ts), venue by venue, so that the manager links, the roles, the mails and the
// audit entries are exactly theirs. Deletion moves the venues to the trash in batches, one
// transaction each. Between batches the event loop gets a turn, so the site goes on answering
// (PGlite runs its queries on the main thread, issue 21). One audit entry records the whole action.

type Deps = Pick<AppContext, "db" | "storage" | "mailer" | "logger" | "config" | "stamps">;

/** The venues a bulk form names: ids ticked one by one, or the list's search and filters. */
export type BulkSelection = { ids: string[] } | { matching: AdminListParams };

/** Approvals and rejections run one venue at a time; the event loop gets a turn after this many. */
const ONE_BY_ONE_TURN = 20;

/** The ids a selection names now, in the list's order for a search. */
async function selectedIds(db: Db, selection: BulkSelection): Promise<string[]> {
  if ("matching" in selection) return adminVenueIds(db, selection.matching);
  const ids = [...new Set(selection.ids.filter(isUuid).map((id) => id.toLowerCase()))];
  if (ids.length === 0) return [];
  const found = new Set(
    (await db.select({ id: venues.id }).from(venues).where(inArray(venues.id, ids))).map((r) => r.id),
  );
  return ids.filter((id) => found.has(id));
}

export type BulkRefusal = { ok: false; status: number; error: string };

/** Ids given one by one: the list's form names a page of them, never more than MAX_BULK_IDS. */
export function checkSelection(selection: BulkSelection): BulkRefusal | null {
  if ("matching" in selection) return null;
  if (selection.ids.length === 0) return { ok: false, status: 400, error: bulkMessages.noneChosen };
  if (selection.ids.length > MAX_BULK_IDS) return { ok: false, status: 400, error: bulkMessages.tooMany };
  return null;
}

/** What the confirmation says: how many venues the action will take, and the first few names. */
export async function previewBulkAction(
  db: Db,
  actor: AppUser | null,
  selection: BulkSelection,
  intent: BulkIntent = "approve",
): Promise<{ ok: true; count: number; names: string[]; warning: string | null } | BulkRefusal> {
  assertAdmin(actor);
  const refusal = checkSelection(selection);
  if (refusal) return refusal;
  const ids = await selectedIds(db, selection);
  if (ids.length === 0) return { ok: false, status: 404, error: bulkMessages.noneLeft };
  // Trashing managed venues with open inquiries names them and asks again (issue 41, item 15).
  const warnings = intent === "delete" ? await trashWarnings(db, actor, ids) : [];
  const warning = warnings.length > 0 ? trashWarningText(warnings) : null;
  const first = ids.slice(0, 5);
  const names = new Map(
    (await db.select({ id: venues.id, name: venues.name }).from(venues).where(inArray(venues.id, first))).map(
      (r) => [r.id, r.name],
    ),
  );
  return { ok: true, count: ids.length, names: first.flatMap((id) => names.get(id) ?? []), warning };
}

export type BulkOutcome = { ok: true; toast: Toast; done: number } | BulkRefusal;

/** Carries out a bulk action on the venues the selection names when it runs. */
export async function runBulkAction(
  app: Deps,
  actor: AppUser | null,
  intent: BulkIntent,
  selection: BulkSelection,
): Promise<BulkOutcome> {
  assertAdmin(actor);
  const refusal = checkSelection(selection);
  if (refusal) return refusal;
  const ids = await selectedIds(app.db, selection);
  if (ids.length === 0) return { ok: false, status: 404, error: bulkMessages.noneLeft };
  const operation = crypto.randomUUID();

  if (intent === "delete") {
    let moved = 0;
    await inBatches(ids, TRASH_BATCH, async (batch) => {
      moved += await app.db.transaction(async (tx) => {
        const trashed = await moveVenuesToTrash(tx, batch, { actorId: actor.id });
        if (trashed.length > 0)
          await recordOperationAudit(tx, {
            actorId: actor.id,
            action: "venue.bulk_delete",
            operation,
            details: { name: trashed[0]!.name, names: trashed.slice(0, 5).map((t) => t.name) },
            counts: { count: trashed.length },
          });
        return trashed.length;
      });
    });
    if (moved === 0) return { ok: false, status: 404, error: bulkMessages.noneLeft };
    return {
      ok: true,
      done: moved,
      toast: { type: "success", message: bulkMessages.deleted(moved), description: bulkMessages.deletedMore },
    };
  }

  const one = intent === "approve" ? approveVenue : rejectVenue;
  const tally = { done: 0, notPending: 0, gone: 0, failed: 0, names: [] as string[] };
  for (const [k, id] of ids.entries()) {
    if (k > 0 && k % ONE_BY_ONE_TURN === 0) await nextTurn();
    const [row] = await app.db.select({ name: venues.name }).from(venues).where(eq(venues.id, id));
    const result = await one(app, actor, id);
    if (result.ok) {
      tally.done++;
      if (tally.names.length < 5 && row) tally.names.push(row.name);
    } else if (result.error === approvalMessages.notPending) tally.notPending++;
    else if (result.error === approvalMessages.notFound) tally.gone++;
    else tally.failed++;
  }
  if (tally.done > 0)
    await recordOperationAudit(app.db, {
      actorId: actor.id,
      action: intent === "approve" ? "venue.bulk_approve" : "venue.bulk_reject",
      operation,
      details: {
        name: tally.names[0] ?? "",
        names: tally.names,
        notPending: tally.notPending,
        failed: tally.failed,
      },
      counts: { count: tally.done },
    });
  const notes = [
    tally.notPending > 0 ? bulkMessages.notPending(tally.notPending) : null,
    tally.failed > 0 ? bulkMessages.failedSome(tally.failed) : null,
  ].filter((n): n is string => n !== null);
  if (tally.done === 0 && tally.failed > 0) return { ok: false, status: 500, error: bulkMessages.failed };
  const message =
    intent === "approve" ? bulkMessages.approved(tally.done) : bulkMessages.rejected(tally.done);
  return {
    ok: true,
    done: tally.done,
    toast: {
      type: tally.done > 0 ? "success" : "info",
      message,
      description: notes.length > 0 ? notes.join(" ") : undefined,
    },
  };
}
