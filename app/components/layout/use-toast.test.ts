import { describe, expect, it } from "vitest";
import { toastShower } from "./use-toast";

/** A stand-in for sonner's `toast` that records what is on screen. */
function fakeSonner() {
  const onScreen = new Map<number, string>();
  let next = 0;
  const add = (type: string) => (message: string, opts: { description?: string }) => {
    onScreen.set(++next, `${type}: ${message} (${opts.description ?? ""})`);
    return next;
  };
  const sonner = Object.assign(add("info"), {
    error: add("error"),
    success: add("success"),
    dismiss: (id: string | number) => onScreen.delete(Number(id)),
  });
  return { sonner, onScreen: () => [...onScreen.values()] };
}

describe("toastShower", () => {
  it("replaces the toast on screen when the same message comes again, and keeps other messages", () => {
    const { sonner, onScreen } = fakeSonner();
    const show = toastShower(sonner);
    const failed = "Failed to upload images. Please try again.";
    show({ type: "error", message: failed, description: "Could not reach the server." });
    show({ type: "success", message: "FAQ added successfully" });
    show({ type: "error", message: failed, description: "The photos are too large." });
    show({ type: "error", message: failed, description: "The server is not answering right now." });
    expect(onScreen()).toEqual([
      "success: FAQ added successfully ()",
      `error: ${failed} (The server is not answering right now.)`,
    ]);
  });
});
