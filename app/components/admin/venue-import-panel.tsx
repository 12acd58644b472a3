import { CircleCheck, Download, FileSpreadsheet, TriangleAlert, Upload } from "~/components/ui/icons";
import { useId, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { showToast } from "~/components/layout/use-toast";
import { Button, buttonClass } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { countLabel, formatNumber } from "~/lib/format";
import { CLEAR_CELL } from "~/lib/csv-import/check";
import type { ImportPreview as Preview, ImportSummary as Summary } from "~/lib/csv-import/plan";
import {
  ADMIN_IMPORT_PATH,
  CSV_COLUMNS,
  CSV_MAX_BYTES,
  csvMessages,
  LIST_SEPARATOR,
  REQUIRED_COLUMNS,
} from "~/lib/csv-import/read";
import { TEMPLATE_FILE_NAME, templateCsv } from "~/lib/csv-import/write";
import { downloadWarnings, ImportPreview } from "./venue-import-preview";

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

const templateHref = `data:text/csv;charset=utf-8,${encodeURIComponent(templateCsv())}`;

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
            Separate several amenities, image addresses, peak months or fees in one cell with a semicolon (
            <code className="rounded bg-cream px-1 font-mono">{LIST_SEPARATOR}</code>; amenities may take
            commas too). Image addresses must start with https://. A row with the name and location of an
            existing venue updates it: a blank cell leaves that field as it is, and a cell holding only{" "}
            <code className="rounded bg-cream px-1 font-mono">{CLEAR_CELL}</code> clears it (website, phone,
            email, prices, capacity, amenities). An import never removes images or replaces a logo. The
            pricing, facts and confirmedAt columns are optional: a file without them leaves them as they are,
            and a blank cell in one means &lsquo;not stated&rsquo;, as in the venue form.
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
