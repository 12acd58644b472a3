// A search store as bytes and back (issue 42): what a new server loads instead of reading every
// venue and calendar. Pure. The store's own fields are written as they are: each typed array's
// bytes in one body (8-byte aligned, so every column is a view of that body again, not a copy),
// the rest (strings, maps, numbers) as JSON in a header after a line naming the store's layout: a
// snapshot of another layout, or of another FORMAT, is not read (the caller loads from rows).
import { SearchStore } from "./search-store";
import type { StoreCategory } from "./search-columns";

/** Bump when what a column holds changes without its name or type changing. */
const FORMAT = 2;
/** Not written: caches rebuilt on use (the places in an order), the slot of each id (rebuilt from
 *  `ids` and `alive`), the scratches. */
const SKIPPED = new Set(["vocabulary", "containing", "slotById", "terms", "working", "placesIn"]);

const TYPED = {
  Uint8Array,
  Uint16Array,
  Int32Array,
  Uint32Array,
  Float32Array,
  Float64Array,
} as const;
type TypedName = keyof typeof TYPED;
type TypedArray = InstanceType<(typeof TYPED)[TypedName]>;
type Encoded = { $t: TypedName; o: number; n: number } | { $m: [unknown, unknown][] };

const align = (n: number) => Math.ceil(n / 8) * 8;
const fieldsOf = (store: SearchStore) => Object.entries(store).filter(([key]) => !SKIPPED.has(key));

/** The store's fields and their kinds, and this machine's byte order: what a reader must share. */
function layout(): string {
  const little = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
  const kinds = fieldsOf(new SearchStore([], 0)).map(
    ([key, value]) =>
      `${key}:${ArrayBuffer.isView(value) ? value.constructor.name : value instanceof Map ? "Map" : typeof value}`,
  );
  return `${FORMAT};${little ? "le" : "be"};${kinds.join(",")}`;
}

export function storeToSnapshot(store: SearchStore): Uint8Array {
  const arrays: TypedArray[] = [];
  let offset = 0;
  const fields = JSON.stringify(Object.fromEntries(fieldsOf(store)), (_key, value: unknown) => {
    if (ArrayBuffer.isView(value)) {
      const a = value as TypedArray;
      const encoded: Encoded = { $t: a.constructor.name as TypedName, o: offset, n: a.length };
      arrays.push(a);
      offset += align(a.byteLength);
      return encoded;
    }
    if (value instanceof Map) return { $m: [...value] } satisfies Encoded;
    return value;
  });
  const header = new TextEncoder().encode(`${layout()}\n${fields}`);
  const start = align(4 + header.length);
  const out = new Uint8Array(start + offset);
  new DataView(out.buffer).setUint32(0, header.length, true);
  out.set(header, 4);
  let at = start;
  for (const a of arrays) {
    out.set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength), at);
    at += align(a.byteLength);
  }
  return out;
}

/**
 * The store a snapshot holds, with today's venue types; null when it is of another layout or not
 * a snapshot at all (the caller loads from the rows then).
 */
export function storeFromSnapshot(bytes: Uint8Array, categories: StoreCategory[]): SearchStore | null {
  if (bytes.length < 4) return null;
  const length = new DataView(bytes.buffer, bytes.byteOffset).getUint32(0, true);
  if (4 + length > bytes.length) return null;
  const header = new TextDecoder().decode(bytes.subarray(4, 4 + length));
  const newline = header.indexOf("\n");
  if (newline < 0 || header.slice(0, newline) !== layout()) return null;
  const fields = header.slice(newline + 1);
  // The body in a buffer of its own, so that every column starts 8-byte aligned.
  const start = align(4 + length);
  // (A copy: `slice` of a Node Buffer is a view of the whole buffer, not a copy.)
  const body = new Uint8Array(bytes.subarray(start)).buffer;
  // Decoded by a walk after the parse rather than by a reviver, which is called for every string
  // of every list (a third of a second at 100,000 venues).
  const decode = (value: unknown): unknown => {
    if (typeof value !== "object" || value === null) return value;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) if (typeof value[i] === "object") value[i] = decode(value[i]);
      return value;
    }
    if ("$t" in value) {
      const { $t, o, n } = value as Extract<Encoded, { $t: TypedName }>;
      return new TYPED[$t](body, o, n);
    }
    if ("$m" in value) return new Map(decode((value as { $m: unknown[] }).$m) as [unknown, unknown][]);
    const record = value as Record<string, unknown>;
    for (const key in record) record[key] = decode(record[key]);
    return record;
  };
  const store = new SearchStore([], 0);
  Object.assign(store, decode(JSON.parse(fields)));
  store.rebuildSlots();
  store.setCategories(categories);
  return store;
}
