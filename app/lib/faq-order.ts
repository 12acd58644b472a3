// The order of a venue's FAQs (spec, admin area, sections 4 and 9), shared by the admin and the
// venue-manager screens: ascending display_order; a new FAQ goes after the last; moving one
// swaps its display_order with its neighbour's. Two FAQs with the same value cannot be swapped
// meaningfully, so a move first renumbers the whole list in its current order.

export type OrderScheme = "admin" | "manager";

/** Spec section 9: admin = highest + 10 (10 if none); manager = highest + 1 (0 if none). */
const SCHEMES: Record<OrderScheme, { first: number; step: number }> = {
  admin: { first: 10, step: 10 },
  manager: { first: 0, step: 1 },
};

export function nextDisplayOrder(orders: readonly number[], scheme: OrderScheme): number {
  const { first, step } = SCHEMES[scheme];
  return orders.length === 0 ? first : Math.max(...orders) + step;
}

export type Ordered = { id: string; displayOrder: number };

export const hasCollisions = (list: readonly Ordered[]) =>
  new Set(list.map((f) => f.displayOrder)).size !== list.length;

/** The list numbered afresh in its current order: first, first + step, ... */
export function renumber<T extends Ordered>(list: readonly T[], scheme: OrderScheme): T[] {
  const { first, step } = SCHEMES[scheme];
  return list.map((f, i) => ({ ...f, displayOrder: first + i * step }));
}

/**
 * The writes that move `id` one place up or down in `list` (sorted by display order): its value
 * and its neighbour's swapped, or, when values collide, the whole list renumbered with the two
 * swapped. Null when it cannot move (the first up, the last down, or not in the list).
 */
export function planMove(
  list: readonly Ordered[],
  id: string,
  direction: "up" | "down",
  scheme: OrderScheme,
): Ordered[] | null {
  const i = list.findIndex((f) => f.id === id);
  const j = direction === "up" ? i - 1 : i + 1;
  if (i < 0 || j < 0 || j >= list.length) return null;
  const base = hasCollisions(list) ? renumber(list, scheme) : list.map((f) => ({ ...f }));
  const a = base[i]!;
  const b = base[j]!;
  [a.displayOrder, b.displayOrder] = [b.displayOrder, a.displayOrder];
  const before = new Map(list.map((f) => [f.id, f.displayOrder]));
  return base
    .filter((f) => before.get(f.id) !== f.displayOrder)
    .map(({ id, displayOrder }) => ({ id, displayOrder }));
}

/** The list as it reads after a move (for the screen's immediate update). */
export function applyMove<T extends Ordered>(list: readonly T[], writes: readonly Ordered[]): T[] {
  const next = new Map(writes.map((w) => [w.id, w.displayOrder]));
  return list
    .map((f, i) => ({ f: { ...f, displayOrder: next.get(f.id) ?? f.displayOrder }, i }))
    .sort((x, y) => x.f.displayOrder - y.f.displayOrder || x.i - y.i)
    .map((x) => x.f);
}
