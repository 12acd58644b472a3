// The search benchmark's mix (scripts/bench/search.ts): filter combinations as visitors make
// them, searches by date or month, and map viewports around Colorado.
import type { Rng } from "../../../database/seed/random";
import { TOWNS } from "../../../database/seed/towns";
import { AMENITY_NAMES, REGIONS } from "~/lib/catalog";
import { addDays, addMonths, monthOf, utcDay } from "~/lib/dates";
import { DEFAULT_FILTERS, SEARCH_SORTS, type SearchFilters } from "~/lib/search";
import type { MapBounds } from "~/services/search.server";

export const MIX_SIZE = 200;

const Q_WORDS = [
  "mountain",
  "barn",
  "lake view",
  "historic",
  "garden",
  "ranch wedding",
  "vineyard",
  "rooftop",
  "aspen",
  "estes park",
  "chapel",
  "river",
];
const NAME_PARTS = ["ranch", "barn", "lodge", "the", "estate", "aspen", "pine", "mesa", "hall", "creek"];

export type Combo = { label: string; f: SearchFilters };

export function makeMix(rng: Rng, categories: { id: string; name: string }[]): Combo[] {
  const town = () => rng.pick(TOWNS);
  const location = () => {
    const t = town();
    return rng.pick([t.name, t.name.slice(0, 5).toLowerCase(), t.zip, `${t.name}, Colorado`]);
  };
  const guests = () => rng.pick([20, 50, 75, 100, 120, 150, 200, 250, 300]);
  const price = () => rng.int(10, 99) * 100;
  const amenities = () => rng.sample(AMENITY_NAMES, rng.int(1, 3));
  const types = () => {
    const picked = rng.sample(categories, rng.int(1, 2));
    return picked.map((c) => (rng.chance(0.2) ? c.name : c.id));
  };
  const sort = () => (rng.chance(0.6) ? "featured" : rng.pick(SEARCH_SORTS));
  const page = () => (rng.chance(0.8) ? 1 : rng.int(2, 5));
  const kinds: [string, number, () => Partial<SearchFilters>][] = [
    ["location", 12, () => ({ location: location() })],
    ["location+guests", 16, () => ({ location: location(), guests: guests() })],
    ["region+maxPrice", 14, () => ({ region: rng.pick(REGIONS), maxPrice: price() })],
    ["amenities", 10, () => ({ amenities: amenities() })],
    ["categories", 10, () => ({ categories: types() })],
    ["q", 10, () => ({ q: rng.pick(Q_WORDS) })],
    ["venueName", 5, () => ({ venueName: rng.pick(NAME_PARTS) })],
    ["none (landing)", 8, () => ({})],
    ["guests+maxPrice", 5, () => ({ guests: guests(), maxPrice: price() })],
    // Issue 24: ranked per search by the estimate for the guest count (no word filter: every match).
    [
      "guests, by estimate",
      8,
      () => ({ guests: guests(), sort: rng.pick(["estimate-asc", "estimate-desc"] as const) }),
    ],
    [
      "deep page",
      5,
      () => ({ page: rng.pick([10, 50, 200, 1000, 4000]), guests: rng.chance(0.5) ? guests() : null }),
    ],
    [
      "all filters",
      5,
      () => ({
        q: rng.pick(["wedding", "views", "mountain"]),
        location: "colorado",
        venueName: rng.pick(["a", "e"]),
        region: rng.pick(REGIONS),
        guests: 50,
        maxPrice: 9900,
        categories: types(),
        amenities: rng.sample(AMENITY_NAMES, 1),
      }),
    ],
  ];
  const weighted = kinds.map((k) => [k, k[1]] as const);
  return Array.from({ length: MIX_SIZE }, () => {
    const [label, , make] = rng.weighted(weighted);
    const extra = make();
    return { label, f: { ...DEFAULT_FILTERS, sort: sort(), page: page(), ...extra } };
  });
}

// Viewports around Colorado: the whole state at 5, a 1280x800 window at 7, a laptop or phone at 10.
const TILE = 256;
function bboxAround(lat: number, lng: number, zoom: number, w: number, h: number): MapBounds {
  const world = TILE * 2 ** zoom;
  const x = ((lng + 180) / 360) * world;
  const r = (lat * Math.PI) / 180;
  const y = ((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * world;
  const toLng = (px: number) => (px / world) * 360 - 180;
  const toLat = (py: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * py) / world))) * 180) / Math.PI;
  return { west: toLng(x - w / 2), east: toLng(x + w / 2), north: toLat(y - h / 2), south: toLat(y + h / 2) };
}

export function mapViews(rng: Rng, zoom: number, count: number): MapBounds[] {
  return Array.from({ length: count }, () => {
    if (zoom <= 5)
      return bboxAround(39.55, -105.78, zoom, rng.pick([1280, 1920, 390]), rng.pick([800, 1080, 700]));
    const t = rng.pick(TOWNS);
    const [w, h] = rng.chance(0.7) ? [1280, 800] : [390, 700];
    return bboxAround(t.latitude + rng.float(-0.3, 0.3), t.longitude + rng.float(-0.3, 0.3), zoom, w, h);
  });
}

export function makeDateMix(rng: Rng, base: Combo[]): Combo[] {
  const today = utcDay();
  const day = () => {
    const d = addDays(today, rng.int(1, 364));
    // Half the searches are for a Saturday, as weddings are.
    if (!rng.chance(0.5)) return d;
    const dow = new Date(`${d}T00:00:00Z`).getUTCDay();
    return addDays(d, (6 - dow + 7) % 7);
  };
  return Array.from({ length: MIX_SIZE }, (_, i) => {
    const kind = rng.weighted([
      ["date", 50],
      ["date + other filters", 30],
      ["month (flexible)", 20],
    ] as const);
    const other = kind === "date + other filters" ? base[i % base.length]!.f : { ...DEFAULT_FILTERS };
    const f =
      kind === "month (flexible)"
        ? { ...DEFAULT_FILTERS, month: addMonths(monthOf(today), rng.int(0, 11)) }
        : { ...other, date: day(), month: null };
    return { label: kind, f };
  });
}
