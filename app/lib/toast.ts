export type Toast = {
  type: "success" | "error" | "info";
  message: string;
  description?: string;
  /** How long it stays, in ms (the toaster's default otherwise). */
  duration?: number;
};
