export type Toast = {
  type: "success" | "error" | "info";
  message: string;
  description?: string;
  /** How long it stays, in ms (the toaster's default otherwise). */
  duration?: number;
};

/** An answer whose control shows only its toast (a heart, logout, an upload). */
export type ToastReply = { ok?: boolean; toast?: Toast };
