import { useState, type FormEvent } from "react";
import { useOnSuccess } from "~/components/back-office/use-on-success";
import { isBlank } from "~/lib/validation/fields";

/**
 * A message box in an inquiry's thread, posted by `fetcher`: it starts with what a refused post
 * kept, empties once sent, and refuses a blank message before posting.
 */
export function useMessageBox(
  fetcher: { data?: { ok?: boolean } | null; state: string },
  kept: string,
  blankMessage: string,
) {
  const [text, setText] = useState(kept);
  const [error, setError] = useState<string | null>(null);
  useOnSuccess(fetcher, () => setText(""));
  const onSubmit = (e: FormEvent) => {
    if (isBlank(text)) {
      e.preventDefault();
      setError(blankMessage);
      return;
    }
    setError(null);
  };
  return { text, setText, error, onSubmit, busy: fetcher.state !== "idle" };
}
