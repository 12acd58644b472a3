import { CircleCheck, Download, FileSpreadsheet, TriangleAlert, Upload } from "~/components/ui/icons";
import { useId, useMemo, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { showToast } from "~/components/layout/use-toast";
import { Button, buttonClass } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { countLabel, formatNumber } from "~/lib/format";
import { CLEAR_CELL } from "~/lib/csv-import/check";
import {
  previewWarnings,
  type FieldChange,
  type ImportWarning,
  type ImportPreview as Preview,
  type ImportSummary as Summary,
  type PreviewRow,
} from "~/lib/csv-import/plan";
import {
  ADMIN_IMPORT_PATH,
  CSV_COLUMNS,
  CSV_MAX_BYTES,
  csvMessages,
  LIST_SEPARATOR,
  REQUIRED_COLUMNS,
} from "~/lib/csv-import/read";
import { TEMPLATE_FILE_NAME, templateCsv, warningsCsv } from "~/lib/csv-import/write";

// The CSV import panel (spec, admin area: 'Admin venues' and sections 3, 5, 8, 9; issue 12,
// item 5). Choose a file -> the server's preview (rows to add, to update with each change old -> new,
// with problems; nothing written) -> Import -> a progress bar while the server writes batch by batch -> the summary, with
// the row warnings as a CSV download. The list above reloads when the import ends.

type State =
  | { step: "idle" }
  | { step: "reading"; file: File }
  | { step: "preview"; file: File; preview: Preview }
  | { step: "importing"; file: File; preview: Preview; done: number; total: number }
  | { step: "summary"; summary: Summary }
  | { step: "failed"; message: string; detail?: string };

type Tab = "add" | "update" | "skip";
const TAB_LABELS: Record<Tab, string> = { add: "To add", update: "To update", skip: "Problems" };
const SHOWN_ROWS = 200;

const templateHref = `data:text/csv;charset=utf-8,${encodeURIComponent(templateCsv())}`;

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
function downloadWarnings(fileName: string, warnings: ImportWarning[]) {
  download(`${fileName.replace(/\.csv$/i, "")}-warnings.csv`, warningsCsv(warnings));
}

async function post(file: File, fields: Record<string, string>): Promise<Response> {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  body.append("file", file, file.name);
  return fetch(ADMIN_IMPORT_PATH, { method: "POST", body, headers: { Accept: "application/json" } });
}

/** Lines of an NDJSON answer, each parsed, as they arrive. */
async function* events(res: Response): AsyncGenerator<Record<string, unknown>> {
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buffer += value;
    let nl;
    while ((nl = buffer.indexOf("\n")) >= 0) {
      const line = buffer.slice(0, nl).trim();
      buffer = buffer.slice(nl + 1);
      if (line) yield JSON.parse(line) as Record<string, unknown>;
    }
    if (done) return;
  }
}

export function VenueImportPanel() {
  const id = useId();
  const [state, setState] = useState<State>({ step: "idle" });
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const revalidator = useRevalidator();

  const fail = (message: string, detail?: string) => {
    setState({ step: "failed", message, detail });
    void showToast({ type: "error", message, description: detail });
  };

  const readFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > CSV_MAX_BYTES)
      return fail(csvMessages.uploadFailed, `The file is larger than ${CSV_MAX_BYTES / 1024 / 1024} MB.`);
    setState({ step: "reading", file });
    try {
      const res = await post(file, { intent: "preview" });
      const body = (await res.json()) as { ok: boolean; preview?: Preview; error?: string; detail?: string };
      if (!res.ok || !body.preview) return fail(body.error ?? csvMessages.uploadFailed, body.detail);
      setState({ step: "preview", file, preview: body.preview });
    } catch {
      fail(csvMessages.uploadFailed, "The server could not be reached. Please try again.");
    }
  };

  const runImport = async (file: File, preview: Preview) => {
    const total = preview.counts.add + preview.counts.update;
    setState({ step: "importing", file, preview, done: 0, total });
    try {
      const res = await post(file, { intent: "import", token: preview.token });
      if (!res.ok || !res.body) {
        const body = (await res.json().catch(() => ({}))) as { error?: string; detail?: string };
        return fail(body.error ?? csvMessages.uploadFailed, body.detail);
      }
      for await (const event of events(res)) {
        if (event.type === "progress")
          setState({
            step: "importing",
            file,
            preview,
            done: Number(event.done),
            total: Number(event.total),
          });
        else if (event.type === "summary") {
          const summary = event.summary as Summary;
          setState({ step: "summary", summary });
          void showToast({ type: "success", message: csvMessages.imported(summary.imported) });
          if (summary.warnings.length > 0)
            void showToast({ type: "info", message: csvMessages.issuesFound(summary.warnings.length) });
          void revalidator.revalidate();
          return;
        } else if (event.type === "changed") {
          setState({ step: "preview", file, preview: event.preview as Preview });
          void showToast({
            type: "info",
            message: "The venues changed since the preview",
            description: "Nothing was imported. Check the new preview and import again.",
          });
          return;
        } else if (event.type === "error") {
          return fail(String(event.message), event.detail ? String(event.detail) : undefined);
        }
      }
      fail(
        csvMessages.uploadFailed,
        "The import stopped before it finished. Reload the page to see what was saved.",
      );
    } catch {
      fail(csvMessages.uploadFailed, "The connection was lost. Reload the page to see what was saved.");
      void revalidator.revalidate();
    }
  };

  const reset = () => {
    setState({ step: "idle" });
    if (input.current) input.current.value = "";
  };

  const busy = state.step === "reading" || state.step === "importing";

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="space-y-5 rounded-2xl border border-sand bg-white p-6 shadow-card"
    >
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="max-w-2xl">
          <h2 id={`${id}-title`} className="flex items-center gap-2 font-serif text-2xl text-ink">
            <FileSpreadsheet className="h-6 w-6 text-primary" aria-hidden="true" /> Import venues from CSV
          </h2>
          <p className="mt-2 text-sm text-ink-soft">
            One venue per row; the first row names the columns. Required: {REQUIRED_COLUMNS.join(", ")}.
            Separate several amenities or image addresses in one cell with a semicolon (
            <code className="rounded bg-cream px-1 font-mono">{LIST_SEPARATOR}</code>). Image addresses must
            start with https://. A row with the name and location of an existing venue updates it: a blank
            cell leaves that field as it is, and a cell holding only{" "}
            <code className="rounded bg-cream px-1 font-mono">{CLEAR_CELL}</code> clears it (website, phone,
            email, prices, capacity, amenities). An import never removes images or replaces a logo.
          </p>
          <details className="mt-2 text-sm text-muted">
            <summary className="cursor-pointer text-primary">All columns</summary>
            <p className="mt-1 font-mono text-xs">{CSV_COLUMNS.join(", ")}</p>
            <p className="mt-1">
              &lsquo;Export CSV&rsquo; below writes the list in these columns; it puts an apostrophe before a
              value starting with =, +, -, @, a tab or a line break (so spreadsheets never run it as a
              formula), and the import reads such a value back without it.
            </p>
          </details>
        </div>
        <a href={templateHref} download={TEMPLATE_FILE_NAME} className={buttonClass("outline", "sm")}>
          <Download className="h-4 w-4" aria-hidden="true" /> Download template
        </a>
      </div>

      {state.step === "idle" || state.step === "failed" || state.step === "reading" ? (
        <div className="space-y-3">
          {/* The file input, hidden, before the box that shows it: the box draws its focus
              (peer-focus-visible), and takes a file dropped on it as if it had been chosen. */}
          <div className="relative">
            <input
              ref={input}
              id={`${id}-file`}
              type="file"
              name="file"
              accept=".csv,text/csv"
              className="peer sr-only"
              disabled={busy}
              onChange={(e) => void readFile(e.currentTarget.files?.[0])}
            />
            <label
              htmlFor={`${id}-file`}
              onDragOver={(e) => {
                if (busy) return;
                e.preventDefault();
                e.dataTransfer.dropEffect = "copy";
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={(e) => {
                e.preventDefault();
                setDragging(false);
                const files = e.dataTransfer.files;
                if (busy || files.length === 0) return;
                if (input.current) input.current.files = files;
                void readFile(files[0]);
              }}
              className={cn(
                "flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed border-sand-dark bg-ivory px-6 py-8 text-center hover:border-primary peer-focus-visible:border-primary peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary",
                dragging && "border-primary bg-primary-soft",
                busy && "pointer-events-none opacity-70",
              )}
            >
              <Upload className="h-6 w-6 text-primary" aria-hidden="true" />
              <span className="font-medium text-ink">
                {state.step === "reading" ? `Checking ${state.file.name}...` : "Choose a CSV file"}
              </span>
              <span className="text-xs text-muted">
                or drop it here. UTF-8 CSV, up to {CSV_MAX_BYTES / 1024 / 1024} MB
              </span>
            </label>
          </div>
          {state.step === "failed" ? (
            <div
              role="alert"
              className="rounded-lg border border-danger/30 bg-red-50 px-4 py-3 text-sm text-danger"
            >
              <p className="font-medium">{state.message}</p>
              {state.detail ? <p className="mt-1">{state.detail}</p> : null}
            </div>
          ) : null}
        </div>
      ) : null}

      {state.step === "preview" ? (
        <ImportPreview
          preview={state.preview}
          onImport={() => void runImport(state.file, state.preview)}
          onCancel={reset}
        />
      ) : null}

      {state.step === "importing" ? (
        <ImportProgress fileName={state.file.name} done={state.done} total={state.total} />
      ) : null}

      {state.step === "summary" ? <ImportSummary summary={state.summary} onDone={reset} /> : null}
    </section>
  );
}

function ImportPreview({
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

/** An update's changes, field by field: old -> new ('blank' for an empty value). */
function Changes({ changes }: { changes: FieldChange[] }) {
  if (changes.length === 0) return <p className="text-muted">No changes</p>;
  const value = (v: string) => (v === "" ? <em className="text-muted">blank</em> : v);
  return (
    <ul className="space-y-1">
      {changes.map((c) => (
        <li key={c.field} className="break-words">
          <span className="font-mono text-xs text-ink">{c.field}</span>:{" "}
          <span className="sr-only">from </span>
          <del className="text-muted">{value(c.from)}</del> <span aria-hidden="true">→</span>
          <span className="sr-only"> to</span> <ins className="text-ink no-underline">{value(c.to)}</ins>
        </li>
      ))}
    </ul>
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

function ImportProgress({ fileName, done, total }: { fileName: string; done: number; total: number }) {
  const percent = total === 0 ? 100 : Math.round((done / total) * 100);
  return (
    <div className="space-y-2" aria-live="polite">
      <p className="text-sm font-medium text-ink">
        Importing {fileName}: {formatNumber(done)} of {countLabel(total, "row", "rows")}
      </p>
      <div
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-3 overflow-hidden rounded-full bg-cream"
      >
        <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-xs text-muted">Keep this page open until the summary appears.</p>
    </div>
  );
}

function ImportSummary({ summary, onDone }: { summary: Summary; onDone: () => void }) {
  const issues = summary.warnings.length;
  return (
    <div className="space-y-4" role="status" aria-label="Import summary">
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
        <p className="flex items-center gap-2 text-lg font-semibold text-ink">
          <CircleCheck className="h-5 w-5 text-success" aria-hidden="true" />{" "}
          {csvMessages.imported(summary.imported)}
        </p>
        {issues > 0 ? (
          <p className="flex items-center gap-2 text-lg font-semibold text-danger">
            <TriangleAlert className="h-5 w-5" aria-hidden="true" /> {csvMessages.issuesFound(issues)}
          </p>
        ) : null}
      </div>
      <p className="text-sm text-ink-soft">
        {formatNumber(summary.added)} added, {formatNumber(summary.updated)} updated
        {summary.unchanged > 0 ? ` (${formatNumber(summary.unchanged)} without changes)` : ""} from{" "}
        {summary.fileName}.
        {summary.unplaced > 0
          ? ` ${formatNumber(summary.unplaced)} could not be placed on the map from their address (shown as Missing Coordinates): use Geocode or edit them.`
          : ""}
      </p>
      <div className="flex flex-wrap gap-3">
        {issues > 0 ? (
          <Button variant="outline" onClick={() => downloadWarnings(summary.fileName, summary.warnings)}>
            <Download className="h-4 w-4" aria-hidden="true" /> Download warnings (CSV)
          </Button>
        ) : null}
        <Button onClick={onDone}>Import another file</Button>
      </div>
    </div>
  );
}
