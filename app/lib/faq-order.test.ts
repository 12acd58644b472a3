import { describe, expect, it } from "vitest";
import { applyMove, hasCollisions, nextDisplayOrder, planMove, renumber } from "./faq-order";

const list = (...orders: number[]) => orders.map((displayOrder, i) => ({ id: `f${i + 1}`, displayOrder }));

describe("FAQ order", () => {
  it("puts a new FAQ after the last: admin +10 (10 first), manager +1 (0 first)", () => {
    expect(nextDisplayOrder([], "admin")).toBe(10);
    expect(nextDisplayOrder([10, 30, 20], "admin")).toBe(40);
    expect(nextDisplayOrder([], "manager")).toBe(0);
    expect(nextDisplayOrder([0, 1, 7], "manager")).toBe(8);
  });

  it("swaps the display order of an FAQ and its neighbour, and saves only those two", () => {
    expect(planMove(list(10, 20, 30), "f2", "up", "admin")).toEqual([
      { id: "f1", displayOrder: 20 },
      { id: "f2", displayOrder: 10 },
    ]);
    expect(planMove(list(10, 20, 30), "f2", "down", "admin")).toEqual([
      { id: "f2", displayOrder: 30 },
      { id: "f3", displayOrder: 20 },
    ]);
  });

  it("does not move the first up, the last down, or an unknown FAQ", () => {
    expect(planMove(list(10, 20), "f1", "up", "admin")).toBeNull();
    expect(planMove(list(10, 20), "f2", "down", "admin")).toBeNull();
    expect(planMove(list(10, 20), "nope", "up", "admin")).toBeNull();
  });

  it("renumbers the whole list first when values collide, so the move really moves", () => {
    const colliding = list(0, 0, 0);
    expect(hasCollisions(colliding)).toBe(true);
    const writes = planMove(colliding, "f3", "up", "admin")!;
    expect(writes).toEqual([
      { id: "f1", displayOrder: 10 },
      { id: "f2", displayOrder: 30 },
      { id: "f3", displayOrder: 20 },
    ]);
    expect(applyMove(colliding, writes).map((f) => f.id)).toEqual(["f1", "f3", "f2"]);
    expect(renumber(list(5, 5), "manager").map((f) => f.displayOrder)).toEqual([0, 1]);
  });

  it("reads the list in its new order after a move", () => {
    const l = list(10, 20, 30);
    expect(applyMove(l, planMove(l, "f1", "down", "admin")!).map((f) => f.id)).toEqual(["f2", "f1", "f3"]);
  });
});
