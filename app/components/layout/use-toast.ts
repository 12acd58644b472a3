import { useEffect } from "react";
import { toast as sonner } from "sonner";
import type { Toast } from "~/lib/toast";

export function showToast(toast: Toast): void {
  const opts = toast.description ? { description: toast.description } : undefined;
  if (toast.type === "error") sonner.error(toast.message, opts);
  else if (toast.type === "success") sonner.success(toast.message, opts);
  else sonner(toast.message, opts);
}

/** Shows a toast that arrived from the server (flash cookie or action data) once per object. */
export function useToast(toast: Toast | null | undefined): void {
  useEffect(() => {
    if (toast) showToast(toast);
  }, [toast]);
}
