import { Download, TriangleAlert } from "~/components/ui/icons";
import { useMemo, useState } from "react";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { countLabel, formatNumber } from "~/lib/format";
import {
  previewWarnings,
  type PreviewChange,
  type ImportWarning,
  type ImportPreview as Preview,
  type PreviewRow,
} from "~/lib/csv-import/plan";
import { warningsCsv } from "~/lib/csv-import/write";

// The CSV import's preview (issue 12, item 5; ADR 012): what each row would do, by tab, with each
// update's changes old -> new and the rows' warnings, before anything is written.

type Tab = "add" | "update" | "skip";
const TAB_LABELS: Record<Tab, string> = { add: "To add", update: "To update", skip: "Problems" };
const SHOWN_ROWS = 200;

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The rows to look at, with the row as the file gave it (`warningsCsv`). */
export function downloadWarnings(fileName: string, warnings: ImportWarning[]) {
  download(`${fileName.replace(/\.csv$/i, "")}-warnings.csv`, warningsCsv(warnings));
}

export function ImportPreview({
  preview,
  onImport,
  onCancel,
}: {
  preview: Preview;
  onImport: () => void;
  onCancel: () => void;
}) {
  const { counts } = preview;
  const [tab, setTab] = useState<Tab>(counts.skip > 0 ? "skip" : counts.add > 0 ? "add" : "update");
  const rows = useMemo(() => preview.rows.filter((r) => r.action === tab), [preview.rows, tab]);
  const writable = counts.add + counts.update;
  const warned = preview.rows.filter((r) => r.warnings?.length).length;
  const warnings = useMemo(() => previewWarnings(preview.rows), [preview.rows]);
  return (
    <div className="space-y-4" aria-label="Import preview" role="region">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h3 className="text-lg font-semibold text-ink">Preview of {preview.fileName}</h3>
        <p className="text-sm text-muted">Nothing has been saved yet.</p>
      </div>
      <dl className="grid gap-3 sm:grid-cols-3">
        <Count label="Rows to add" value={counts.add} tone="good" />
        <Count label="Rows that update a venue" value={counts.update} tone="neutral" />
        <Count
          label="Rows with problems (skipped)"
          value={counts.skip}
          tone={counts.skip ? "bad" : "neutral"}
        />
      </dl>
      {warned > 0 ? (
        <p className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950">
          <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0 text-amber-700" aria-hidden="true" />
          {countLabel(warned, "row", "rows")} will be imported with a warning (shown under the row).
        </p>
      ) : null}
      {preview.notices.map((n) => (
        <p key={n} className="rounded-lg bg-cream px-4 py-2 text-sm text-ink-soft">
          {n}
        </p>
      ))}

      <div role="tablist" aria-label="Rows" className="flex flex-wrap gap-2 border-b border-sand">
        {(["add", "update", "skip"] as const).map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            aria-selected={tab === t}
            aria-controls="import-preview-rows"
            onClick={() => setTab(t)}
            className={cn(
              "-mb-px cursor-pointer border-b-2 px-3 py-2 text-sm font-medium",
              tab === t ? "border-primary text-primary" : "border-transparent text-ink-soft hover:text-ink",
            )}
          >
            {TAB_LABELS[t]} ({counts[t]})
          </button>
        ))}
      </div>
      {/* Positioned, so the hidden 'from'/'to' words of the changes stay inside it (issue 22,
          point 15); a tab stop, so the keyboard can scroll it. */}
      <div
        id="import-preview-rows"
        role="tabpanel"
        aria-label={TAB_LABELS[tab]}
        tabIndex={0}
        className="relative max-h-96 overflow-auto rounded-xl border border-sand"
      >
        {rows.length === 0 ? (
          <p className="p-6 text-center text-sm text-muted">No rows here.</p>
        ) : (
          // Fixed columns, and words broken anywhere: a long reason or address wraps in its cell
          // instead of widening the table past the box.
          <table className="w-full table-fixed text-left text-sm wrap-anywhere">
            <thead className="sticky top-0 bg-cream text-xs uppercase tracking-wide text-ink-soft">
              <tr>
                <th scope="col" className="w-16 px-3 py-2">
                  Row
                </th>
                <th scope="col" className="w-[35%] px-3 py-2">
                  Name
                </th>
                <th scope="col" className="px-3 py-2">
                  {tab === "skip" ? "Why" : tab === "update" ? "Changes" : "Location"}
                </th>
                {tab === "add" ? (
                  <th scope="col" className="px-3 py-2">
                    Category
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody className="divide-y divide-sand bg-white">
              {rows.slice(0, SHOWN_ROWS).map((r) => (
                <tr key={r.row} className="align-top">
                  <td className="px-3 py-2 tabular-nums text-muted">{r.row}</td>
                  <td className="px-3 py-2 font-medium text-ink">
                    {r.name || <em className="text-muted">no name</em>}
                  </td>
                  {tab === "skip" ? (
                    <td className="px-3 py-2 text-danger">
                      <ul className="space-y-0.5">
                        {r.problems?.map((p) => (
                          <li key={p}>{p}</li>
                        ))}
                      </ul>
                    </td>
                  ) : tab === "update" ? (
                    <td className="px-3 py-2 text-ink-soft">
                      {r.pending ? <p className="text-xs text-muted">(pending approval)</p> : null}
                      <Changes changes={r.changes ?? []} />
                      <RowWarnings row={r} />
                    </td>
                  ) : (
                    <>
                      <td className="px-3 py-2 text-ink-soft">
                        {r.location}
                        <RowWarnings row={r} />
                      </td>
                      <td className="px-3 py-2 text-ink-soft">{r.category}</td>
                    </>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      {rows.length > SHOWN_ROWS ? (
        <p className="text-xs text-muted">
          Showing the first {formatNumber(SHOWN_ROWS)} of {formatNumber(rows.length)} rows.
        </p>
      ) : null}

      <div className="flex flex-wrap justify-end gap-3 border-t border-sand pt-4">
        {warnings.length > 0 ? (
          <Button variant="outline" onClick={() => downloadWarnings(preview.fileName, warnings)}>
            <Download className="h-4 w-4" aria-hidden="true" /> Download warnings (CSV)
          </Button>
        ) : null}
        <Button variant="outline" onClick={onCancel}>
          Choose another file
        </Button>
        <Button onClick={onImport} disabled={writable === 0}>
          Import {countLabel(writable, "venue", "venues")}
        </Button>
      </div>
    </div>
  );
}

/**
 * An update's changes, field by field: old -> new ('blank' for an empty value); a long text by the
 * words that differ, with a few around them.
 */
export function Changes({ changes }: { changes: PreviewChange[] }) {
  if (changes.length === 0) return <p className="text-muted">No changes</p>;
  const value = (v: string) => (v === "" ? <em className="text-muted">blank</em> : v);
  return (
    <ul className="space-y-1">
      {changes.map((c) => (
        <li key={c.field} className="break-words">
          <span className="font-mono text-xs text-ink">{c.field}</span>:{" "}
          {c.diff ? (
            <>
              {c.diff.before}
              <DiffWords kind="removed" words={c.diff.removed} />
              {c.diff.removed && c.diff.added ? " " : null}
              <DiffWords kind="added" words={c.diff.added} />
              {c.diff.after}
            </>
          ) : (
            <>
              <span className="sr-only">from </span>
              <del className="text-muted">{value(c.from)}</del> <span aria-hidden="true">→</span>
              <span className="sr-only"> to</span> <ins className="text-ink no-underline">{value(c.to)}</ins>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The words a long text's change removes or adds, named for a screen reader. */
function DiffWords({ kind, words }: { kind: "removed" | "added"; words: string }) {
  if (!words) return null;
  const Tag = kind === "removed" ? "del" : "ins";
  const look = kind === "removed" ? "bg-red-50 text-red-800" : "bg-emerald-50 text-emerald-900 no-underline";
  return (
    <Tag className={look}>
      <span className="sr-only">{kind}: </span>
      {words}
    </Tag>
  );
}

/** What a row that will be imported anyway should tell the admin. */
function RowWarnings({ row }: { row: PreviewRow }) {
  if (!row.warnings?.length) return null;
  return (
    <ul className="mt-1 space-y-0.5 text-xs text-amber-800">
      {row.warnings.map((w) => (
        <li key={w} className="flex items-start gap-1">
          <TriangleAlert className="mt-0.5 h-3 w-3 shrink-0" aria-hidden="true" />
          <span>
            <span className="sr-only">Warning: </span>
            {w}
          </span>
        </li>
      ))}
    </ul>
  );
}

function Count({ label, value, tone }: { label: string; value: number; tone: "good" | "neutral" | "bad" }) {
  return (
    <div
      className={cn(
        "rounded-xl border px-4 py-3",
        tone === "good" && "border-primary/20 bg-primary-soft",
        tone === "neutral" && "border-sand bg-ivory",
        tone === "bad" && "border-danger/20 bg-red-50",
      )}
    >
      <dt className="text-xs font-medium uppercase tracking-wide text-ink-soft">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums text-ink">{formatNumber(value)}</dd>
    </div>
  );
}
