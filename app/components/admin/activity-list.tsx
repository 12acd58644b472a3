import { useState } from "react";
import { useFetcher, type FetcherWithComponents } from "react-router";
import { Link } from "~/components/ui/link";
import { ConfirmDialog } from "~/components/back-office/confirm-dialog";
import { useOnSuccess } from "~/components/back-office/use-on-success";
import { useToast } from "~/components/layout/use-toast";
import { Button, buttonClass } from "~/components/ui/button";
import { History } from "~/components/ui/icons";
import { LocalTime } from "./local-time";
import { activityActor, activityLine, type ActivityEntry } from "~/lib/activity";
import type { Toast } from "~/lib/toast";
import { useHydrated } from "~/lib/use-hydrated";
import { importUndoPath, TRASH_DAYS, undoMessages } from "~/lib/venue-bulk";

// Recent Activity (issue 22, item 9): one line per admin action, an import being one line with
// its file and counts; the time in the visitor's own zone once the page runs (LocalTime); who did
// it by name. An import's line offers its undo.

export function ActivityList({ entries, returnTo }: { entries: ActivityEntry[]; returnTo: string }) {
  return (
    <ol className="divide-y divide-sand" aria-label="Latest actions">
      {entries.map((e) => {
        const { headline, rest } = activityLine(e);
        return (
          <li
            key={e.id}
            className="grid gap-1 px-6 py-3 sm:grid-cols-[12.5rem_1fr_auto] sm:items-baseline sm:gap-4"
          >
            <LocalTime iso={e.createdAt} className="text-sm whitespace-nowrap text-muted" />
            <div className="min-w-0 text-sm">
              <p>
                <span className="font-medium">{headline}</span>{" "}
                {rest ? <span className="break-words text-ink-soft">{rest}</span> : null}
              </p>
              {e.import ? <ImportUndo entry={e.import} returnTo={returnTo} /> : null}
            </div>
            <p className="truncate text-sm text-muted" title={e.actorEmail ?? undefined}>
              {activityActor(e)}
            </p>
          </li>
        );
      })}
    </ol>
  );
}

type UndoReply = { ok: boolean; toast?: Toast } | undefined;

function ImportUndo({ entry, returnTo }: { entry: NonNullable<ActivityEntry["import"]>; returnTo: string }) {
  // Here, not in the button: a finished undo takes the button away in the same render that
  // brings its answer (the revalidated list), so the button never saw the answer's toast.
  const fetcher = useFetcher<UndoReply>();
  useToast(fetcher.data?.toast);
  return (
    <div className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1">
      {entry.undoneAt ? (
        <p className="text-xs text-muted">
          Undone <LocalTime iso={entry.undoneAt} />
          {entry.undoneBy ? ` by ${entry.undoneBy}` : ""}
        </p>
      ) : null}
      {entry.undoable ? (
        <ImportUndoButton
          fetcher={fetcher}
          importId={entry.id}
          fileName={entry.fileName}
          returnTo={returnTo}
          finish={entry.undoneAt !== null}
        />
      ) : null}
    </div>
  );
}

/** What an undo does, said before it runs (the dialog and the page without script). */
export const UNDO_EFFECT = `The venues it added move to the trash, where they can be restored for ${TRASH_DAYS} days. The venues it updated get their previous values back, unless they were edited since the import: those stay as they are.`;

/**
 * 'Undo this import': until the page runs, a link to the undo's own page, which asks and posts;
 * then a button that asks in a dialog and posts from here.
 */
function ImportUndoButton({
  fetcher,
  importId,
  fileName,
  returnTo,
  finish,
}: {
  fetcher: FetcherWithComponents<UndoReply>;
  importId: string;
  fileName: string;
  returnTo: string;
  /** An undo was cut short: this one finishes it. */
  finish: boolean;
}) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  useOnSuccess(fetcher, () => setOpen(false));
  const busy = fetcher.state !== "idle";
  const label = (
    <>
      <History className="h-4 w-4" aria-hidden="true" />{" "}
      {finish ? "Finish undoing this import" : "Undo this import"}
      <span className="sr-only"> of {fileName}</span>
    </>
  );
  if (!hydrated)
    return (
      <Link
        to={`${importUndoPath(importId)}?${new URLSearchParams({ returnTo })}`}
        className={buttonClass("outline", "sm")}
      >
        {label}
      </Link>
    );
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} pending={busy}>
        {label}
      </Button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title={undoMessages.question(fileName)}
        confirmLabel="Undo import"
        busy={busy}
        onConfirm={() =>
          void fetcher.submit({ returnTo }, { method: "post", action: importUndoPath(importId) })
        }
      >
        <p>{UNDO_EFFECT}</p>
      </ConfirmDialog>
    </>
  );
}
