import { useCallback, useId, useState } from "react";
import { cn } from "~/lib/cn";
import { fileProgress, multipartLayout, watchUpload, type BodyLayout } from "~/lib/upload-progress";

// A bar per file and one for the whole upload (issue 22, point 14), for every form that sends
// photos or a logo: the venue form (submission dialog, the admin's Add and Edit venue, the
// manager's details with a logo) and the manager's Images tab. Bytes sent come from
// XMLHttpRequest's upload events (lib/upload-progress.ts); once all are sent the server still
// decodes and stores the photos, which the status says. The form's data stays the fetcher's, so
// a failed upload keeps everything as before (ADR 018).

/** An upload: its files' places in the body, the bytes sent, and whether the answer has come. */
type Upload = { layout: BodyLayout; loaded: number; total: number; settled: boolean };

/**
 * `send(action, form, submit)` runs a fetcher's submission of `form` (`submit` resolves once the
 * fetcher is done) and follows its upload when the form carries files; `upload` is the latest one
 * (null when the last send had no files).
 */
export function useUploadProgress() {
  const [upload, setUpload] = useState<Upload | null>(null);
  const send = useCallback(async (action: string, form: FormData, submit: () => Promise<void>) => {
    const layout = multipartLayout(form.entries());
    if (layout.files.length === 0) {
      setUpload(null);
      return submit();
    }
    setUpload({ layout, loaded: 0, total: layout.size, settled: false });
    const stop = watchUpload(action, (loaded, total) => setUpload((u) => u && { ...u, loaded, total }));
    try {
      await submit();
    } finally {
      stop();
      setUpload((u) => u && { ...u, settled: true });
    }
  }, []);
  return { upload, send };
}

const percent = (share: number) => Math.floor(share * 100);

/**
 * The bars of `upload` while it goes, and full once it is done; nothing when it `failed` (the
 * form's toast says what failed, and the form keeps everything). The status line is always in
 * the page, so that screen readers hear each change: sending, processing, complete.
 */
export function UploadProgress({
  upload,
  failed,
  className,
}: {
  upload: Upload | null;
  /** The answer to the upload was a failure. */
  failed: boolean;
  className?: string;
}) {
  const id = useId();
  const shown = upload && !(upload.settled && failed) ? upload : null;
  const done = shown?.settled === true;
  const sent = shown ? (done ? 1 : shown.loaded / shown.total) : 0;
  const files = shown
    ? done
      ? shown.layout.files.map(() => 1)
      : fileProgress(shown.layout, shown.loaded, shown.total)
    : [];
  const count = files.length;
  const images = `${count} ${count === 1 ? "image" : "images"}`;
  const status = !shown
    ? ""
    : done
      ? "Upload complete."
      : sent < 1
        ? `Uploading ${images}...`
        : `All ${images} sent. Processing...`;
  // With nothing to show, the box takes no room in its form (the status line is empty, but stays).
  return (
    <div className={shown ? cn("space-y-3", className) : "contents"}>
      {shown ? (
        <div className="space-y-3 rounded-lg border border-sand bg-ivory p-4">
          <Bar id={`${id}-all`} label={`All ${images}`} value={percent(sent)} strong />
          <ul className="space-y-2" aria-label="Each image">
            {shown.layout.files.map((file, i) => (
              <li key={`${i}-${file.name}`}>
                <Bar id={`${id}-${i}`} label={file.name} value={percent(files[i]!)} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <p role="status" className="text-sm font-medium text-ink">
        {status}
      </p>
    </div>
  );
}

function Bar({ id, label, value, strong }: { id: string; label: string; value: number; strong?: boolean }) {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1">
      <label
        htmlFor={id}
        className={strong ? "text-sm font-medium text-ink" : "truncate text-xs text-ink-soft"}
      >
        {label}
      </label>
      <span aria-hidden="true" className="text-xs tabular-nums text-muted">
        {value}%
      </span>
      <progress id={id} max={100} value={value} className={strong ? "upload-bar h-2.5" : "upload-bar h-1.5"}>
        {value}%
      </progress>
    </div>
  );
}
