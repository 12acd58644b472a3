import { useEffect, useRef, type ChangeEvent } from "react";
import { useSubmit } from "react-router";

/**
 * A search field that submits its form 300 ms after the last keystroke, replacing the history
 * entry and keeping the scroll. `cancel` drops a pending search (when the form is sent by hand).
 */
export function useSearchAsYouType() {
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return {
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const form = e.currentTarget.form;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void submit(form, { replace: true, preventScrollReset: true }), 300);
    },
    cancel: () => clearTimeout(timer.current),
  };
}
