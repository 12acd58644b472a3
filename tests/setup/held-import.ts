import type { Geocoder } from "../../app/infra/geocoder.server";
import type { AppUser } from "../../app/lib/user";
import { importBatchSize, runImport, type ImportFile } from "../../app/services/imports.server";
import type { TestApp } from "./test-app";

/** A geocoder that holds every address until `release()`; `asked` resolves once the first one comes. */
export function heldGeocoder(t: TestApp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let reached!: () => void;
  const asked = new Promise<void>((resolve) => (reached = resolve));
  const geocoder: Geocoder = {
    name: "held",
    geocode: async (address) => {
      reached();
      await released;
      return t.geocoder.geocode(address);
    },
  };
  return { geocoder, asked, release };
}

/**
 * An import whose second batch waits: its addresses are placed only once `release()` is called,
 * so the test acts between two batches (an import cut short, an undo while it runs).
 * `firstBatch` resolves once the first batch has committed.
 */
export function importHeldAfterFirstBatch(t: TestApp, actor: AppUser, file: ImportFile, token: string) {
  const batch = importBatchSize(t.database.kind);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let placed = 0;
  const geocoder: Geocoder = {
    name: "held after one batch",
    geocode: async (a) => (++placed > batch ? held.then(() => t.geocoder.geocode(a)) : t.geocoder.geocode(a)),
  };
  let committed!: () => void;
  const firstBatch = new Promise<void>((resolve) => (committed = resolve));
  const running = runImport({ ...t.app, geocoder }, actor, file, token, (p) => {
    if (p.done === batch) committed();
  });
  return { running, firstBatch, release, batch };
}
