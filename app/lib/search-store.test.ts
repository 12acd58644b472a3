import { describe, expect, it } from "vitest";
import { DEFAULT_FILTERS, REGIONS, SEARCH_SORTS, type SearchFilters } from "./search";
import { estimateCost, pricingModel } from "./estimate";
import { dayNumber, textWords, type StoreVenue } from "./search-columns";
import { SearchStore } from "./search-store";
import { storeFromSnapshot, storeToSnapshot } from "./search-snapshot";

const TYPES = [
  { id: "00000000-0000-4000-8000-000000000001", name: "Barn" },
  { id: "00000000-0000-4000-8000-000000000002", name: "Lodge/Resort" },
];

let n = 0;
function venue(v: Partial<StoreVenue> = {}): StoreVenue {
  n++;
  return {
    id: `00000000-0000-4000-9000-${String(n).padStart(12, "0")}`,
    name: `Venue ${n}`,
    location: "1 Main St, Boulder, Colorado 80302",
    description: "",
    region: "Foothills",
    capacity: 100,
    minPrice: 1000,
    categoryId: null,
    amenities: [],
    isFeatured: false,
    rating: 0,
    reviewCount: 0,
    latitude: 40,
    longitude: -105,
    ...v,
  };
}

function storeOf(list: StoreVenue[]) {
  const store = new SearchStore(TYPES);
  for (const v of list) store.add(v);
  return store;
}

function matching(store: SearchStore, f: Partial<SearchFilters>): string[] {
  const m = store.matcher({ ...DEFAULT_FILTERS, ...f });
  if (!m) return [];
  const out: string[] = [];
  for (let s = 0; s < store.slots; s++) if (m(s)) out.push(store.names[s]!);
  return out.sort();
}

describe("textWords", () => {
  it("splits on anything but letters and digits, lower-cased, once each", () => {
    expect(textWords("Inn/B&B at Estes-Park, 80517 — Café Café")).toEqual([
      "inn",
      "b",
      "at",
      "estes",
      "park",
      "80517",
      "café",
    ]);
  });
});

describe("SearchStore.matcher", () => {
  const store = storeOf([
    venue({ name: "Aspen Barn", capacity: 100, minPrice: 0, categoryId: TYPES[0]!.id }),
    venue({ name: "Pine Lodge", capacity: 99, region: "Front Range North", categoryId: TYPES[1]!.id }),
    venue({
      name: "Lake House",
      capacity: null,
      minPrice: 26000,
      amenities: [{ name: "WiFi", included: true }, "Parking", { name: "Bar", included: false }],
      description: "Mountain views over the water.",
    }),
  ]);

  it("applies each filter of the spec", () => {
    expect(matching(store, {})).toEqual(["aspen barn", "lake house", "pine lodge"]);
    expect(matching(store, { guests: 100 })).toEqual(["aspen barn"]);
    expect(matching(store, { maxPrice: 0 })).toEqual(["aspen barn"]);
    expect(matching(store, { maxPrice: 24900 })).toEqual(["aspen barn", "pine lodge"]);
    expect(matching(store, { maxPrice: 25000 })).toHaveLength(3);
    expect(matching(store, { region: "Front Range North" })).toEqual(["pine lodge"]);
    expect(matching(store, { categories: ["barn", TYPES[1]!.id] })).toEqual(["aspen barn", "pine lodge"]);
    expect(matching(store, { amenities: ["wifi", "PARKING"] })).toEqual(["lake house"]);
    expect(matching(store, { amenities: ["Bar"] })).toEqual([]);
    expect(matching(store, { venueName: "N BA" })).toEqual(["aspen barn"]);
    expect(matching(store, { location: "BOULDER, col" })).toHaveLength(3);
    expect(matching(store, { q: "mount view" })).toEqual(["lake house"]);
    expect(matching(store, { q: "lodge" })).toEqual(["pine lodge"]);
    expect(matching(store, { q: "resort" })).toEqual(["pine lodge"]);
  });

  it("answers null when nothing can match", () => {
    const f = { ...DEFAULT_FILTERS };
    expect(store.matcher({ ...f, amenities: ["Hot tub"] })).toBeNull();
    expect(store.matcher({ ...f, categories: ["Castle"] })).toBeNull();
    expect(store.matcher({ ...f, region: REGIONS[0] })).toBeNull();
  });

  it("narrows substring filters by word without losing a match", () => {
    const words = ["estes", "park", "fort", "collins", "bou", "lder", "road", "80302", "café"];
    const pick = (i: number, k: number) => words[(i * 7 + k * 3) % words.length]!;
    const list = Array.from({ length: 300 }, (_, i) =>
      venue({
        name: `${pick(i, 1)}${pick(i, 2)} ${pick(i, 3)}`,
        location: `${pick(i, 4)} ${pick(i, 5)}-${pick(i, 6)}`,
      }),
    );
    const s = storeOf(list);
    for (const text of ["park", "ark fo", "s park", "lder road", "collinsroad", "é", "80302 ca", "oad-80"])
      for (const key of ["location", "venueName"] as const) {
        const field = key === "location" ? "location" : "name";
        const expected = list
          .filter((v) => v[field].toLowerCase().includes(text))
          .map((v) => v.name.toLowerCase())
          .sort();
        expect(matching(s, { [key]: text })).toEqual(expected);
      }
  });
});

describe("SearchStore orders", () => {
  it("keeps each order, and any slots put in it, equal to a fresh sort as venues come and go", () => {
    const rnd = (() => {
      let x = 42;
      return () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
    })();
    const make = () =>
      venue({
        name: `V ${Math.floor(rnd() * 20)}`,
        rating: Math.floor(rnd() * 6),
        reviewCount: Math.floor(rnd() * 4),
        minPrice: Math.floor(rnd() * 3) * 1000,
        isFeatured: rnd() < 0.2,
        categoryId: rnd() < 0.2 ? TYPES[0]!.id : null,
      });
    const list = Array.from({ length: 200 }, make);
    const store = storeOf(list);
    for (const sort of SEARCH_SORTS) store.ordered(sort);
    for (let i = 0; i < 60; i++) {
      const victim = list[Math.floor(rnd() * list.length)]!;
      if (rnd() < 0.5) store.remove(victim.id);
      else store.add({ ...make(), id: victim.id });
    }
    for (const sort of SEARCH_SORTS) {
      const live = [...store.ordered(sort)].filter((s) => store.alive[s]);
      const fresh = [...live].sort(store.compare(sort));
      expect(live.map((s) => store.ids[s])).toEqual(fresh.map((s) => store.ids[s]));
      expect(live).toHaveLength(store.size);
      // A word search's hits, ranked by their places in the order: the same as sorting them.
      const some = live.filter(() => rnd() < 0.3).reverse();
      expect([...store.inOrder(some, sort)]).toEqual([...some].sort(store.compare(sort)));
    }
  });

  it("orders featured venues first (not their type), rating, name; price with the unpriced last", () => {
    const store = storeOf([
      venue({ name: "b", rating: 4 }),
      venue({ name: "a", rating: 4 }),
      venue({ name: "typed", rating: 1, categoryId: TYPES[0]!.id, minPrice: 500 }),
      venue({ name: "flagged", rating: 2, isFeatured: true, minPrice: 0 }),
    ]);
    const names = (sort: (typeof SEARCH_SORTS)[number]) =>
      [...store.ordered(sort)].map((s) => store.names[s]);
    expect(names("featured")).toEqual(["flagged", "a", "b", "typed"]);
    expect(names("price-asc")).toEqual(["typed", "a", "b", "flagged"]);
  });
});

describe("seating and catering (issue 43)", () => {
  const store = storeOf([
    venue({ name: "Seats 150", capacity: 200, facts: { seated: 150, catering: "allowed" } }),
    venue({ name: "Seats 120", capacity: 200, facts: { seated: 120, catering: "approved-list" } }),
    venue({ name: "Own kitchen", capacity: 200, facts: { seated: 180, catering: "not-allowed" } }),
    venue({ name: "Says nothing", capacity: 200 }),
  ]);

  it("keeps the venues whose stated seated capacity holds the guests, when asked", () => {
    expect(matching(store, { guests: 140, seated: true })).toEqual(["own kitchen", "seats 150"]);
    // Not asked: the overall capacity alone, as before.
    expect(matching(store, { guests: 140 })).toHaveLength(4);
  });

  it("keeps the venues that allow outside caterers, from any or from their list", () => {
    expect(matching(store, { outsideCatering: true })).toEqual(["seats 120", "seats 150"]);
    expect(matching(store, { outsideCatering: true, guests: 140, seated: true })).toEqual(["seats 150"]);
  });
});

describe("ranking by the estimate (issues 24 and 43)", () => {
  // A fixed spread of prices: models with seasons, weekdays, day rates, service, fees and tax,
  // listed prices of each shape, none.
  const list: StoreVenue[] = Array.from({ length: 300 }, (_, i) => {
    const shape = i % 5;
    const prices = {
      pricePerEvent: null,
      priceLow: null,
      priceHigh: null,
      priceRange: null,
      pricingModel: null,
    };
    if (shape === 0)
      return venue({
        ...prices,
        pricingModel: pricingModel({
          baseFee: (i * 37) % 5000,
          perGuest: (i * 13) % 120,
          minSpend: i % 3 === 0 ? 9000 : null,
          peakMonths: [6, 7, 9],
          peakPercent: i % 40,
          weekdayPercent: i % 25,
          dayFees: {
            weekday: i % 4 ? null : 1500,
            friday: null,
            saturday: i % 2 ? 6000 + i : null,
            sunday: 2000,
          },
          minimumOn: i % 7 < 3 ? "perGuest" : "all",
          servicePercent: i % 4 ? 18 + (i % 5) : null,
          serviceOnMinimum: i % 3 === 1,
          taxPercent: i % 6 ? 7.65 : null,
          fees:
            i % 2
              ? []
              : [
                  { name: "Security", amount: 4, perGuest: true },
                  { name: "Cleaning", amount: 350, perGuest: false },
                ],
        }),
      });
    if (shape === 1) return venue({ ...prices, pricePerEvent: 1000 + ((i * 71) % 9000) });
    if (shape === 2) return venue({ ...prices, priceLow: 2000 + (i % 7) * 500, priceHigh: 9000 });
    if (shape === 3) return venue({ ...prices, priceRange: `$${40 + (i % 60)} per guest` });
    return venue({ ...prices, minPrice: 0 });
  });
  const store = storeOf(list);
  const slots = Array.from(store.ordered("price-asc"));

  it("gives each venue the estimate estimateCost gives, on any date", () => {
    // A Wednesday and a Saturday in June (peak), a Thursday, Friday and Sunday in January.
    for (const date of [null, "2027-06-09", "2027-06-12", "2027-01-14", "2027-01-15", "2027-01-17"])
      for (const s of slots) {
        const v = list.find((x) => x.id === store.ids[s])!;
        const expected = estimateCost(
          {
            pricePerEvent: v.pricePerEvent ?? null,
            priceLow: v.priceLow ?? null,
            priceHigh: v.priceHigh ?? null,
            priceRange: v.priceRange ?? null,
            pricingModel: v.pricingModel,
          },
          130,
          date,
        );
        expect(store.estimate(s, 130, date)).toBe(expected?.amount ?? null);
      }
  });

  it("keeps the same first page whether it sorts everything or keeps the best 24", () => {
    for (const descending of [false, true])
      for (const date of [null, "2027-06-12"]) {
        const all = store.byEstimate(slots, 130, date, descending);
        expect(Array.from(store.byEstimate(slots, 130, date, descending, 24))).toEqual(
          Array.from(all.subarray(0, 24)),
        );
        // Ties (every venue without a price, at least) follow the price order, not the order given.
        expect(Array.from(store.byEstimate([...slots].reverse(), 130, date, descending))).toEqual(
          Array.from(all),
        );
        const amounts = Array.from(all).map((s) => store.estimate(s, 130, date));
        const priced = amounts.filter((a): a is number => a !== null);
        expect(priced).toEqual([...priced].sort((a, b) => (descending ? b - a : a - b)));
        // Venues without a price come last, whichever the direction.
        expect(amounts.slice(priced.length).every((a) => a === null)).toBe(true);
      }
  });
});

/** 1 June 2027 as a day number: the calendars of the tests below. */
const june = dayNumber("2027-06-01");

describe("availability over many venues", () => {
  it("a date or a month leaves out exactly the venues blocked then, past the store's first 1,024 slots", () => {
    // 2,500 venues: a third blocked a few days in June, some of those the whole month.
    const list = Array.from({ length: 2500 }, (_, i) =>
      venue({
        blocked:
          i % 97 === 0
            ? Int32Array.from([june, june + 29])
            : i % 3 === 0
              ? Int32Array.from([june + (i % 40), june + (i % 40) + (i % 5)])
              : null,
      }),
    );
    const store = storeOf(list);
    const freeOn = (d: number) =>
      list
        .filter((v) => !(v.blocked && v.blocked[0]! <= d && d <= v.blocked[1]!))
        .map((v) => v.name.toLowerCase())
        .sort();
    for (const date of ["2027-06-01", "2027-06-10", "2027-06-30", "2027-07-15"])
      expect(matching(store, { date })).toEqual(freeOn(dayNumber(date)));
    const wholeJune = new Set(list.filter((_, i) => i % 97 === 0).map((v) => v.name.toLowerCase()));
    expect(matching(store, { month: "2027-06" })).toEqual(
      list
        .map((v) => v.name.toLowerCase())
        .filter((name) => !wholeJune.has(name))
        .sort(),
    );
  });
});

describe("a snapshot of the store (issue 42)", () => {
  it("reads back a store that answers every filter and order as the one written, and keeps growing", () => {
    const list = Array.from({ length: 1500 }, (_, i) =>
      venue({
        name: `Venue ${i} ${["Aspen", "Barn", "Lake"][i % 3]}`,
        description: i % 4 === 0 ? "A red barn by the creek" : "Pines and a lake view",
        region: REGIONS[i % REGIONS.length]!,
        categoryId: TYPES[i % 2]!.id,
        capacity: 50 + (i % 300),
        minPrice: 500 + (i % 50) * 100,
        rating: (i % 5) + 0.5,
        reviewCount: i % 7,
        isFeatured: i % 11 === 0,
        amenities: i % 2 ? [{ name: "WiFi", included: true }] : [{ name: "Parking", included: true }],
        blocked: i % 3 === 0 ? Int32Array.from([june + (i % 20), june + (i % 20) + 2]) : null,
        closedMonths: i % 13 === 0 ? 1 << 1 : 0,
      }),
    );
    const written = storeOf(list);
    written.seal();
    for (const sort of SEARCH_SORTS) written.ordered(sort);
    // After the bulk load: changes patched in, as a running server's index has.
    written.remove(list[5]!.id);
    written.add({ ...list[6]!, name: "Venue 6 Renamed Creek", blocked: Int32Array.from([june, june + 29]) });

    // Read as the database gives it: a Node Buffer, here one that starts inside a larger one.
    const bytes = Buffer.concat([Buffer.alloc(3), storeToSnapshot(written)]).subarray(3);
    const read = storeFromSnapshot(bytes, TYPES)!;
    expect(read.size).toBe(written.size);
    const filters: Partial<SearchFilters>[] = [
      {},
      { q: "creek" },
      { q: "renamed" },
      { venueName: "aspen" },
      { region: REGIONS[2]! },
      { categories: [TYPES[1]!.id] },
      { amenities: ["WiFi"] },
      { date: "2027-06-01" },
      { date: "2027-06-15", guests: 200, maxPrice: 3000 },
      { month: "2027-06" },
      { month: "2027-02" },
    ];
    for (const f of filters) expect(matching(read, f), JSON.stringify(f)).toEqual(matching(written, f));
    for (const sort of SEARCH_SORTS)
      expect([...read.ordered(sort)].map((s) => read.ids[s])).toEqual(
        [...written.ordered(sort)].map((s) => written.ids[s]),
      );

    // It goes on taking changes past its room.
    const later = Array.from({ length: 600 }, () =>
      venue({ description: "Creek side", blocked: Int32Array.from([june, june]) }),
    );
    for (const v of later) {
      read.add(v);
      written.add(v);
    }
    for (const f of filters) expect(matching(read, f), JSON.stringify(f)).toEqual(matching(written, f));
  });

  it("is not read by a store of another layout, nor when it is not a snapshot", () => {
    const bytes = storeToSnapshot(storeOf([venue()]));
    const text = new TextDecoder().decode(bytes.subarray(4, 12));
    expect(text).toMatch(/^\d+;(le|be);/);
    // The format number, changed.
    bytes[4] = bytes[4] === 57 ? 56 : 57;
    expect(storeFromSnapshot(bytes, TYPES)).toBeNull();
    for (const text of ["", "not a snapshot", "\u0002\u0000\u0000\u0000{}"])
      expect(storeFromSnapshot(new TextEncoder().encode(text), TYPES)).toBeNull();
  });
});
