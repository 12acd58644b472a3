import { describe, expect, it } from "vitest";
import {
  addToTray,
  compareUrl,
  cookieValue,
  parseCompareIds,
  readTray,
  removeFromTray,
  trayMessage,
  writeTray,
} from "./compare";

const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const item = (n: number) => ({ id: id(n), name: `Venue ${n}` });

describe("the compare tray", () => {
  it("reads ids from the address: valid, once each, in order", () => {
    expect(parseCompareIds([`${id(2)},${id(1)}`, id(2), "nope", ` ${id(3).toUpperCase()} `])).toEqual([
      id(2),
      id(1),
      id(3),
    ]);
    expect(compareUrl([id(1), id(2)], 120)).toBe(`/compare?ids=${id(1)},${id(2)}&guests=120`);
    expect(compareUrl([])).toBe("/compare");
  });

  it("round-trips through its cookie and drops what is malformed", () => {
    const tray = [item(1), item(2)];
    expect(readTray(writeTray(tray))).toEqual(tray);
    expect(readTray("%7Bbad")).toEqual([]);
    expect(readTray(encodeURIComponent(JSON.stringify([{ id: "x" }, item(3), item(3)])))).toEqual([item(3)]);
    expect(cookieValue(`a=1; vv_compare=${writeTray(tray)}; b=2`, "vv_compare")).toBe(writeTray(tray));
  });

  it("holds at most four, once each, and says so", () => {
    let tray = [item(1), item(2), item(3)];
    const added = addToTray(tray, item(4));
    expect(added.outcome).toBe("added");
    expect(trayMessage(added, "Venue 4")).toBe("Venue 4 added to compare (4 of 4).");
    tray = added.tray;
    const full = addToTray(tray, item(5));
    expect(full).toEqual({ tray, outcome: "full" });
    expect(trayMessage(full, "Venue 5")).toBe("Compare holds 4 venues: remove one to add Venue 5.");
    expect(addToTray(tray, item(2)).outcome).toBe("already");
    const removed = removeFromTray(tray, id(2));
    expect(removed.tray.map((t) => t.id)).toEqual([id(1), id(3), id(4)]);
    expect(trayMessage(removed, "Venue 2")).toBe("Venue 2 removed from compare (3 of 4).");
  });
});
