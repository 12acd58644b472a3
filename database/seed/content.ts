// Pure generators for the demo directory: venue types, venues, FAQs, reviews and the demo users
// who wrote them. No I/O; the same input always gives the same output.
import { AMENITY_NAMES, VENUE_TYPES, type Region, type VenueTypeKey } from "~/lib/catalog";
import { pricingModel, type PricingModel } from "~/lib/estimate";
import { NO_FACTS, type VenueFacts } from "~/lib/venue-facts";
import type { AmenityItem } from "~/lib/venue";
import { createRng, type Rng } from "./random";
import { TOWNS, type Town } from "./towns";

/** Pictures at least in each venue type's pool of artwork; the demo's pools grow to one cover per
 *  venue of the type (see demoDirectory). */
export const ART_VARIANTS = 8;

/** "Now" for the demo content: every date is relative to it, never to the clock. */
export const SEED_EPOCH = Date.UTC(2026, 2, 1);
const DAY = 86_400_000;
const dateBetween = (rng: Rng, from: number, to: number) =>
  new Date(Math.floor(rng.float(from, to) / 60_000) * 60_000);

export type SeedUser = { id: string; name: string; email: string; createdAt: Date };
export type SeedFaq = { id: string; question: string; answer: string; displayOrder: number };
export type SeedReview = { id: string; userId: string; rating: number; comment: string; createdAt: Date };
/** One picture of a venue type's pool. */
export type ArtPick = { type: VenueTypeKey; variant: number };

export type SeedVenue = {
  id: string;
  name: string;
  slug: string;
  type: VenueTypeKey;
  description: string;
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  postalCode: string;
  region: Region;
  location: string;
  latitude: number;
  longitude: number;
  capacity: number;
  pricePerEvent: number | null;
  priceLow: number | null;
  priceHigh: number | null;
  priceRange: string | null;
  /** The manager's pricing model, all-in for most (issue 43); null: the listed prices only. */
  pricingModel: PricingModel | null;
  /** Capacity by layout and house rules (issue 43); null: none stated. */
  facts: VenueFacts | null;
  /** How many days before the seed the venue confirmed its prices and facts; null: never. */
  confirmedDaysAgo: number | null;
  amenities: AmenityItem[];
  phone: string;
  email: string;
  website: string;
  images: ArtPick[];
  /** Initials for a monogram logo, or null for no logo. */
  logo: string | null;
  createdAt: Date;
};

// ---------------------------------------------------------------------------------------------
// Venue types and demo users
// ---------------------------------------------------------------------------------------------
const TYPE_DESCRIPTIONS: Record<VenueTypeKey, string> = {
  barn: "Weathered timber, soaring rafters and string lights over long farm tables. Colorado barns bring rustic warmth to a celebration, with open pasture for the ceremony just outside the doors.",
  garden:
    "Ceremonies among blooming borders, rose arches and shady lawns, where the flowers do half the decorating and golden hour seems to last a little longer.",
  historic:
    "Landmarks from Colorado's mining and railroad days: stone halls, opera houses and brick mansions with arched windows, original woodwork and a story in every room.",
  hotel:
    "Polished ballrooms, rooftop terraces and rooms upstairs for every guest. A hotel keeps the ceremony, the reception and the after-party under one roof.",
  "inn-bnb":
    "Intimate inns and bed-and-breakfasts for smaller weddings, where the innkeepers know your name and the whole wedding party can stay for the weekend.",
  "lodge-resort":
    "Timber lodges and mountain resorts with stone fireplaces, slope-side terraces and a spa for the morning after, made for destination weekends in every season.",
  mountain:
    "Say your vows on alpine meadows and overlooks with the peaks on the horizon and wildflowers at your feet. The Rockies make the most dramatic backdrop in the state.",
  "urban-downtown":
    "Industrial lofts, galleries and rooftops in Colorado's city centers, walkable to hotels, restaurants and the after-party.",
  waterfront:
    "Lakeshores, reservoirs and riverbanks where the ceremony is mirrored in still water and the sunset turns the whole sky pink.",
  "winery-vineyard":
    "Rows of vines, tasting rooms and barrel cellars from Palisade to the Front Range, with the wine list already taken care of.",
  ranch:
    "Working and guest ranches with big skies, split-rail fences and horseback arrivals, where guests sleep in cabins and dance until late in the hay barn.",
  estate:
    "Private estates and manor houses with manicured lawns, sweeping staircases and the grounds to yourselves for the whole day.",
};

// Types the home page highlights first.
const FEATURED_TYPES = new Set<VenueTypeKey>([
  "mountain",
  "barn",
  "garden",
  "waterfront",
  "winery-vineyard",
  "ranch",
]);

export function venueTypes(): {
  key: VenueTypeKey;
  name: string;
  description: string;
  isFeatured: boolean;
}[] {
  return VENUE_TYPES.map((t) => ({
    key: t.key,
    name: t.name,
    description: TYPE_DESCRIPTIONS[t.key],
    isFeatured: FEATURED_TYPES.has(t.key),
  }));
}

const FIRST_NAMES = [
  "Emily",
  "Jacob",
  "Olivia",
  "Marcus",
  "Sophia",
  "Daniel",
  "Ava",
  "Ethan",
  "Isabella",
  "Noah",
  "Mia",
  "Liam",
  "Harper",
  "Lucas",
  "Chloe",
  "Mateo",
  "Grace",
  "Owen",
  "Zoe",
  "Caleb",
  "Hannah",
  "Elijah",
  "Lily",
  "Gabriel",
  "Nora",
  "Samuel",
  "Aria",
  "Wyatt",
  "Leah",
  "Julian",
  "Priya",
  "Andre",
  "Maya",
  "Kenji",
  "Rosa",
  "Tyler",
  "Naomi",
  "Diego",
  "Claire",
  "Sean",
];

/** Demo reviewers exist only as rows in `users`, with no credentials, so nobody can sign in as them. */
export function demoReviewers(): SeedUser[] {
  const rng = createRng("reviewers");
  return FIRST_NAMES.map((first, i) => {
    const n = String(i + 1).padStart(2, "0");
    return {
      id: `demo-reviewer-${n}`,
      name: `${first} ${"ABCDEFGHJKLMNOPRSTVW"[rng.int(0, 19)]}.`,
      email: `reviewer${n}@reviewers.example`,
      createdAt: dateBetween(rng, Date.UTC(2023, 0, 1), Date.UTC(2024, 0, 1)),
    };
  });
}

export const DEMO_SUBMITTER: SeedUser = {
  id: "demo-submitter",
  name: "Jordan Avery",
  email: "submissions@reviewers.example",
  createdAt: new Date(Date.UTC(2025, 10, 3)),
};

// ---------------------------------------------------------------------------------------------
// Where venues are, and of which type
// ---------------------------------------------------------------------------------------------
const BASE_TYPE_WEIGHT: Record<VenueTypeKey, number> = {
  barn: 1,
  garden: 1,
  historic: 0.5,
  hotel: 0.2,
  "inn-bnb": 0.7,
  "lodge-resort": 0.5,
  mountain: 0.6,
  "urban-downtown": 0,
  waterfront: 0.2,
  "winery-vineyard": 0.15,
  ranch: 0.9,
  estate: 0.7,
};

const REGION_BOOST: Record<Region, Partial<Record<VenueTypeKey, number>>> = {
  "Central Mountains": { mountain: 2.5, "lodge-resort": 1.5, "inn-bnb": 0.5 },
  "Denver Metro & Surrounding Areas": { garden: 1, estate: 1.2, historic: 0.4 },
  Foothills: { mountain: 1.5, "lodge-resort": 0.8, barn: 0.5 },
  "Front Range North": { barn: 1.2, garden: 0.5, ranch: 0.5 },
  "Front Range South": { barn: 0.8, ranch: 0.8, mountain: 0.5 },
  "Western Slope Middle": { ranch: 1, barn: 0.5 },
  "Western Slope North": { ranch: 2, mountain: 1, barn: 0.8 },
  "Western Slope South": { mountain: 1.5, ranch: 1, "lodge-resort": 0.6 },
};

const TAG_BOOST: Record<Town["tags"][number], Partial<Record<VenueTypeKey, number>>> = {
  city: { "urban-downtown": 3, hotel: 2, historic: 0.5 },
  resort: { "lodge-resort": 3, hotel: 1.5, mountain: 1 },
  lake: { waterfront: 3.5 },
  wine: { "winery-vineyard": 4 },
  historic: { historic: 2.5, "inn-bnb": 1.2 },
};

function townWeight(t: Town): number {
  return t.tags.includes("city") ? 3 : t.tags.includes("resort") ? 2 : 1;
}
const WEIGHTED_TOWNS = TOWNS.map((t) => [t, townWeight(t)] as const);

function typeFor(rng: Rng, town: Town): VenueTypeKey {
  const weights = { ...BASE_TYPE_WEIGHT };
  for (const boost of [REGION_BOOST[town.region], ...town.tags.map((tag) => TAG_BOOST[tag])]) {
    for (const [key, w] of Object.entries(boost) as [VenueTypeKey, number][]) weights[key] += w;
  }
  return rng.weighted(Object.entries(weights) as [VenueTypeKey, number][]);
}

// ---------------------------------------------------------------------------------------------
// Names
// ---------------------------------------------------------------------------------------------
const NATURE = [
  "Aspen",
  "Larkspur",
  "Columbine",
  "Juniper",
  "Willow",
  "Cottonwood",
  "Sagebrush",
  "Bluebird",
  "Elk",
  "Kestrel",
  "Magpie",
  "Meadowlark",
  "Spruce",
  "Pinyon",
  "Silver Sage",
  "Ponderosa",
  "Yarrow",
  "Lupine",
  "Thistle",
  "Paintbrush",
  "Wild Rye",
  "Granite",
  "Quartz",
  "Timber",
  "Alder",
  "Raven",
  "Heron",
  "Wren",
  "Foxglove",
  "Chokecherry",
  "Bristlecone",
  "Marmot",
  "Cedar",
  "Rabbitbrush",
  "Mariposa",
  "Kinnikinnick",
  "Harebell",
  "Snowberry",
  "Goldenrod",
  "Fireweed",
];
const LANDFORM = [
  "Hollow",
  "Creek",
  "Ridge",
  "Meadow",
  "Springs",
  "Gulch",
  "Mesa",
  "Bluff",
  "Canyon",
  "Park",
  "Bend",
  "Crossing",
  "Flats",
  "Hill",
  "Falls",
  "Vista",
  "Basin",
  "Draw",
  "Point",
  "Knoll",
];
const SURNAMES = [
  "Whitfield",
  "Hartley",
  "Calloway",
  "Pemberton",
  "Ashford",
  "Linwood",
  "Marlowe",
  "Sutherland",
  "Thornbury",
  "Caldwell",
  "Fairbanks",
  "Holloway",
  "Prescott",
  "Winslow",
  "Everly",
  "Barrington",
  "Kensley",
  "Aldridge",
  "Harlan",
  "Merriweather",
  "Langford",
  "Davenport",
  "Ellery",
  "Hollis",
  "Kingsley",
  "Stratton",
  "Wakefield",
  "Adair",
  "Beaumont",
  "Galloway",
];
const FLOWER_NAMES = [
  "Larkspur",
  "Columbine",
  "Primrose",
  "Lupine",
  "Foxglove",
  "Peony",
  "Lilac",
  "Hollyhock",
  "Wild Rose",
  "Bellflower",
  "Honeysuckle",
  "Iris",
  "Sweet Pea",
  "Aster",
  "Clematis",
  "Marigold",
];
const WATER = [
  "Willow",
  "Heron",
  "Silver",
  "Clearwater",
  "Stillwater",
  "Moonlight",
  "Kingfisher",
  "Osprey",
  "Cattail",
  "Crane",
  "Mirror",
  "Blue Heron",
  "Otter",
  "Teal",
];
const INDUSTRY = [
  "Foundry",
  "Ironworks",
  "Brickyard",
  "Millwork",
  "Letterpress",
  "Assembly",
  "Granary",
  "Signal",
  "Freight",
  "Copperworks",
  "Printworks",
  "Tannery",
  "Boiler Room",
  "Switchyard",
];

type Words = {
  n: string;
  l: string;
  sur: string;
  fl: string;
  w: string;
  ind: string;
  letter: string;
};
const NAME_PATTERNS: Record<VenueTypeKey, ((x: Words) => string)[]> = {
  barn: [
    (x) => `${x.n} ${x.l} Barn`,
    (x) => `The Barn at ${x.n} ${x.l}`,
    (x) => `${x.sur} Family Barn`,
    (x) => `The Red Barn at ${x.n} ${x.l}`,
    (x) => `${x.n} Barn & Pavilion`,
  ],
  garden: [
    (x) => `${x.fl} Gardens`,
    (x) => `The ${x.fl} Garden at ${x.n} ${x.l}`,
    (x) => `${x.sur} Botanical Gardens`,
    (x) => `The Gardens at ${x.n} ${x.l}`,
  ],
  historic: [
    (x) => `The ${x.sur} House`,
    (x) => `The ${x.sur} Mansion`,
    (x) => `${x.sur} Opera Hall`,
    (x) => `The Old ${x.n} Mill`,
    (x) => `The ${x.n} Assay Hall`,
    (x) => `The Old ${x.n} Depot`,
  ],
  hotel: [
    (x) => `The ${x.sur} Hotel`,
    (x) => `Hotel ${x.sur}`,
    (x) => `The ${x.n} Grand Hotel`,
    (x) => `The ${x.n} Hotel & Terrace`,
  ],
  "inn-bnb": [
    (x) => `${x.fl} Inn`,
    (x) => `The ${x.n} ${x.l} Inn`,
    (x) => `${x.sur} House Bed & Breakfast`,
    (x) => `${x.n} ${x.l} B&B`,
  ],
  "lodge-resort": [
    (x) => `${x.n} ${x.l} Lodge`,
    (x) => `The Lodge at ${x.n} ${x.l}`,
    (x) => `${x.n} Peak Resort`,
    (x) => `${x.n} ${x.l} Resort & Spa`,
    (x) => `${x.sur} Mountain Lodge`,
  ],
  mountain: [
    (x) => `${x.n} ${x.l} Overlook`,
    (x) => `${x.n} Summit Pavilion`,
    (x) => `The Meadow at ${x.n} Peak`,
    (x) => `${x.n} Peak Chapel`,
    (x) => `Alpenglow at ${x.n} ${x.l}`,
    (x) => `${x.n} Timberline Terrace`,
  ],
  "urban-downtown": [
    (x) => `The ${x.ind} Loft`,
    (x) => `${x.sur} ${x.ind}`,
    (x) => `The ${x.ind} Room`,
    (x) => `${x.n} Rooftop`,
    (x) => `${x.ind} Hall`,
  ],
  waterfront: [
    (x) => `${x.w} Lake Pavilion`,
    (x) => `The Boathouse at ${x.w} Lake`,
    (x) => `${x.w} Shores`,
    (x) => `${x.w} Point Boathouse`,
    (x) => `The Dock at ${x.w} Reservoir`,
  ],
  "winery-vineyard": [
    (x) => `${x.n} ${x.l} Cellars`,
    (x) => `${x.sur} Vineyards`,
    (x) => `${x.n} ${x.l} Winery`,
    (x) => `${x.sur} Family Vineyard`,
    (x) => `${x.n} Mesa Wine Co.`,
  ],
  ranch: [
    (x) => `${x.n} ${x.l} Ranch`,
    (x) => `Double ${x.letter} ${x.l} Ranch`,
    (x) => `${x.sur} Ranch`,
    (x) => `The ${x.n} Guest Ranch`,
  ],
  estate: [
    (x) => `The ${x.n} Estate`,
    (x) => `${x.sur} Manor`,
    (x) => `${x.sur} Estate & Gardens`,
    (x) => `${x.n} ${x.l} Estate`,
  ],
};

function venueName(rng: Rng, type: VenueTypeKey): string {
  const x: Words = {
    n: rng.pick(NATURE),
    l: rng.pick(LANDFORM),
    sur: rng.pick(SURNAMES),
    fl: rng.pick(FLOWER_NAMES),
    w: rng.pick(WATER),
    ind: rng.pick(INDUSTRY),
    letter: rng.pick(["R", "J", "C", "H", "K", "T", "W", "M"]),
  };
  return rng.pick(NAME_PATTERNS[type])(x);
}

function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

const MINOR_WORDS = new Set(["the", "at", "and", "&", "of", "on", "co."]);

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter((w) => !MINOR_WORDS.has(w.toLowerCase()))
    .slice(0, 2)
    .map((w) => w[0].toUpperCase())
    .join("");
}

// ---------------------------------------------------------------------------------------------
// Descriptions
// ---------------------------------------------------------------------------------------------
const fill = (template: string, vars: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, k: string) => vars[k] ?? "");

const INTROS: Record<VenueTypeKey, string[]> = {
  barn: [
    "{name} is a restored 1920s dairy barn on {acres} acres of pasture outside {town}, with hand-hewn beams, a hayloft turned lounge and sliding doors that open onto the fields.",
    "Built by homesteaders and rebuilt board by board, {name} pairs reclaimed timber and chandeliers with wide views of the {setting}.",
    "Just a short drive from {town}, {name} is a family-run barn venue where long harvest tables, Edison bulbs and a big red door set the tone for a relaxed country celebration.",
  ],
  garden: [
    "{name} spreads across {acres} acres of perennial borders, rose arbors and shaded lawns in {town}, blooming from the first tulips of May to the asters of late September.",
    "Tucked behind a stone wall in {town}, {name} is a hidden garden of winding paths, a lily pond and a wisteria-covered pergola made for ceremonies.",
    "{name} is a botanical setting where every season brings a new palette, from lilacs in spring to dahlias and golden aspens in the fall.",
  ],
  historic: [
    "Built in {year} during the boom years of {town}, {name} has been carefully restored with its pressed-tin ceilings, tall arched windows and original maple floors intact.",
    "{name} is one of {town}'s oldest stone buildings ({year}), and its grand hall, mezzanine and carved staircase still carry the charm of the mining era.",
    "Listed on the local historic register, {name} ({year}) blends Victorian details with modern comforts for couples who love a venue with a story.",
  ],
  hotel: [
    "{name} is a boutique hotel in the heart of {town} with a ballroom for {capacity}, a rooftop terrace and {rooms} guest rooms for your family and friends.",
    "From the welcome drinks to the farewell brunch, {name} keeps the whole weekend under one roof, with a dedicated wedding team and an award-winning kitchen.",
    "Art deco details, velvet lounges and a sweeping staircase make {name} one of the most elegant addresses in {town}.",
  ],
  "inn-bnb": [
    "{name} is a {rooms}-room inn in {town} where the whole wedding party can stay, with a wraparound porch, a garden for the ceremony and breakfast made from scratch.",
    "Hosting small weddings since {year}, {name} is an intimate bed-and-breakfast with a fireplace parlor, a cottage garden and innkeepers who take care of every detail.",
    "Rent all {rooms} rooms of {name} for the weekend and make this {town} inn your own, from the rehearsal dinner on the porch to pancakes the morning after.",
  ],
  "lodge-resort": [
    "{name} is a timber-frame lodge near {town} with a two-story stone fireplace, a slope-side deck and {rooms} rooms and cabins for guests.",
    "A year-round resort in the {setting}, {name} hosts summer ceremonies on the meadow and winter weddings by the fire, with a spa for the morning after.",
    "Log walls, antler chandeliers and floor-to-ceiling windows make {name} a classic Colorado lodge for weddings of every size.",
  ],
  mountain: [
    "{name} sits at the edge of the {setting}, where a wildflower meadow ends at an overlook with peaks on three sides.",
    "Reached by a winding road above {town}, {name} is an open-air ceremony site with a timber pavilion and views that stretch for miles.",
    "At {name} the ceremony faces a wall of granite peaks, and the reception moves into a glass-walled pavilion as the alpenglow fades.",
  ],
  "urban-downtown": [
    "{name} is a converted {year} warehouse in downtown {town} with exposed brick, steel trusses and a rooftop deck overlooking the city lights.",
    "A blank canvas in the middle of {town}, {name} offers polished concrete floors, twenty-foot ceilings and walls of factory windows.",
    "{name} brings a modern, gallery feel to city weddings, steps from hotels, restaurants and late-night bars in {town}.",
  ],
  waterfront: [
    "{name} sits on the shore of a quiet lake near {town}, with a dock for the ceremony, a lawn that slopes to the water and a boathouse for the reception.",
    "At {name} the ceremony is mirrored in still water and framed by the {setting}, and guests can arrive by canoe if they like.",
    "A lakeside pavilion with a wraparound deck, {name} is a favorite of couples who want their first dance under the stars by the water.",
  ],
  "winery-vineyard": [
    "{name} is a family winery near {town} with {acres} acres of vines, a tasting room in an old fruit barn and a barrel cellar for candlelit dinners.",
    "Ceremonies at {name} take place between the rows of grapes, with the {setting} behind and a glass of estate wine waiting at the end of the aisle.",
    "Growing grapes at high altitude since {year}, {name} pairs its own wines with a vineyard terrace made for long summer dinners.",
  ],
  ranch: [
    "{name} is a working cattle ranch on {acres} acres near {town}, with a restored hay barn, a ceremony meadow by the creek and cabins for guests.",
    "Horseback arrivals, lawn games and a chuckwagon dinner: {name} is a guest ranch built for weddings that feel like a weekend away.",
    "Split-rail fences, an old log gate and the {setting} on the horizon make {name} a true Western setting for your celebration.",
  ],
  estate: [
    "{name} is a private estate on {acres} acres near {town}, with a manor house, formal gardens and exclusive use of the grounds for your wedding day.",
    "Built in {year} as a family retreat, {name} offers a sweeping lawn, a reflecting pool and a grand staircase made for entrances.",
    "Manicured gardens, a stone terrace and an elegant manor house set the scene at {name}, one of the most exclusive settings in the area.",
  ],
};

const SETTING: Record<Region, string[]> = {
  "Central Mountains": ["Tenmile Range", "Sawatch Range", "Gore Range", "Elk Mountains", "high country"],
  "Denver Metro & Surrounding Areas": ["Front Range skyline", "foothills to the west", "open plains"],
  Foothills: ["Front Range foothills", "ponderosa forest", "red rock ridges"],
  "Front Range North": ["Mummy Range", "Flatirons", "foothills to the west", "Indian Peaks"],
  "Front Range South": ["Pikes Peak massif", "Sangre de Cristo Range", "Wet Mountains"],
  "Western Slope Middle": ["Book Cliffs", "Grand Mesa", "Colorado National Monument", "West Elk Mountains"],
  "Western Slope North": ["Park Range", "Yampa Valley", "Flat Tops", "sagebrush hills"],
  "Western Slope South": ["San Juan Mountains", "La Plata Mountains", "Uncompahgre peaks", "mesa country"],
};

const REGION_LINES: Record<Region, string[]> = {
  "Central Mountains": [
    "Summers here are cool and bright, and the first golden aspens arrive in early September.",
    "Guests can make a weekend of it with hiking, fly-fishing and the shops and restaurants of {town}.",
    "Winter couples can add a sleigh ride or a snowshoe outing to the weekend.",
  ],
  "Denver Metro & Surrounding Areas": [
    "Denver International Airport is under an hour away, which makes travel easy for out-of-town guests.",
    "Plenty of hotels, restaurants and rideshares nearby keep the logistics simple.",
    "On clear evenings the sun sets behind the Front Range, turning the sky every shade of peach.",
  ],
  Foothills: [
    "It feels like the mountains, yet it is only a short drive from Denver.",
    "Mule deer and elk often wander past during cocktail hour.",
    "Ponderosa pines and rock outcrops make every corner of the property photogenic.",
  ],
  "Front Range North": [
    "Guests love exploring the breweries and trails of {town} before the big day.",
    "Rocky Mountain National Park is close by for a morning-after hike.",
    "Long summer evenings and mild autumns make this one of the easiest places in the state to plan an outdoor wedding.",
  ],
  "Front Range South": [
    "Pikes Peak watches over the ceremony on clear days.",
    "Colorado Springs Airport is close, and the Garden of the Gods is a favorite spot for portraits.",
    "The sunny south of the Front Range means outdoor weddings from April through October.",
  ],
  "Western Slope Middle": [
    "Orchards, vineyards and farm stands line the back roads, so local peaches and wine are always on the menu.",
    "Warm days and cool nights make late summer and early fall the sweet spot here.",
    "Grand Junction Regional Airport is a short drive away for guests flying in.",
  ],
  "Western Slope North": [
    "It is ranch country: big skies, quiet roads and a night sky full of stars.",
    "Guests can soak in the hot springs or float the Yampa River between events.",
    "Winters bring deep powder, and summers bring wildflowers knee-high in the meadows.",
  ],
  "Western Slope South": [
    "The San Juans are among the most dramatic mountains in the state, and they are the backdrop for every photo.",
    "Guests can ride the narrow-gauge railroad, soak in the hot springs or explore Mesa Verde nearby.",
    "Sunsets paint the peaks pink, and the night sky here is famously dark.",
  ],
};

const CEREMONY_SPOTS: Record<VenueTypeKey, string[]> = {
  barn: [
    "in the pasture under a cottonwood",
    "in a meadow beside the pond",
    "on the lawn in front of the barn doors",
  ],
  garden: ["under the rose arbor", "on the lawn by the lily pond", "beneath a pergola draped in wisteria"],
  historic: ["in the grand hall", "in the courtyard garden", "on the front steps beneath the arched doorway"],
  hotel: ["on the rooftop terrace", "in the garden courtyard", "in the ballroom foyer"],
  "inn-bnb": ["in the cottage garden", "on the front lawn under the old maple", "on the wraparound porch"],
  "lodge-resort": ["on the mountain-view deck", "in a meadow below the lodge", "in an aspen grove"],
  mountain: ["at the overlook", "in the wildflower meadow", "in a natural stone amphitheater"],
  "urban-downtown": [
    "on the rooftop deck",
    "in the main loft under the trusses",
    "in the brick-walled courtyard",
  ],
  waterfront: ["at the end of the dock", "on the lakeside lawn", "on a point among the willows"],
  "winery-vineyard": ["between the vineyard rows", "on the terrace above the vines", "on the orchard lawn"],
  ranch: ["in the creekside meadow", "on the hilltop above the pasture", "on the corral lawn"],
  estate: ["in the formal garden", "on the reflecting pool lawn", "on the stone terrace"],
};

const RECEPTION_SPOTS: Record<VenueTypeKey, string[]> = {
  barn: ["the barn under strings of café lights", "the hayloft and the main floor", "a tent on the lawn"],
  garden: ["the glass conservatory", "a tent on the great lawn", "the garden pavilion"],
  historic: ["the ballroom", "the hall with its original bar", "the mezzanine and parlor"],
  hotel: ["the ballroom", "the rooftop lounge", "the private dining room"],
  "inn-bnb": ["the parlor and dining room", "a tent in the garden", "the porch and lawn"],
  "lodge-resort": ["the great room by the fire", "the ballroom", "the slope-side terrace"],
  mountain: ["the timber pavilion", "a heated tent", "the glass-walled hall"],
  "urban-downtown": ["the main loft", "the gallery", "the rooftop and the lounge below"],
  waterfront: ["the boathouse", "the lakeside pavilion", "a tent by the water"],
  "winery-vineyard": ["the barrel room", "the tasting room and terrace", "a tent among the vines"],
  ranch: ["the hay barn", "the lodge hall", "a tent by the creek"],
  estate: ["the manor ballroom", "a tent on the lawn", "the terrace and drawing rooms"],
};

const PRACTICAL = [
  "We host one wedding per day, so the venue is yours from the morning setup to the last dance.",
  "Our coordinator works with you from the first tour to the final timeline and stays on site all day.",
  "Tables, chairs and a prep kitchen are included, and a list of trusted local vendors is available on request.",
  "Couples can bring their own caterer and bartender, or choose from our preferred vendors.",
  "Ample parking and a shuttle pick-up point make arrivals easy.",
  "The bridal suite has natural light, full-length mirrors and room for the whole party.",
  "Tours are available most weekdays; reach out to check your date.",
  "Smaller elopements and weekday weddings are welcome at reduced rates.",
];

function description(
  rng: Rng,
  v: { name: string; type: VenueTypeKey; town: Town; capacity: number },
): string {
  const vars = {
    name: v.name,
    town: v.town.name,
    setting: rng.pick(SETTING[v.town.region]),
    acres: String(rng.pick([5, 12, 20, 35, 40, 60, 80, 120, 160, 320])),
    year: String(rng.int(1872, 1931)),
    rooms: String(v.type === "inn-bnb" ? rng.int(6, 14) : rng.int(24, 180)),
    capacity: String(v.capacity),
  };
  const paragraphs = [fill(rng.pick(INTROS[v.type]), vars)];
  if (rng.chance(0.7))
    paragraphs.push(fill(rng.sample(REGION_LINES[v.town.region], rng.int(1, 2)).join(" "), vars));
  paragraphs.push(
    `Ceremonies take place ${rng.pick(CEREMONY_SPOTS[v.type])}, and receptions for up to ${v.capacity} guests move to ${rng.pick(RECEPTION_SPOTS[v.type])}.`,
  );
  if (rng.chance(0.5)) paragraphs.push(rng.sample(PRACTICAL, 2).join(" "));
  return paragraphs.join("\n\n");
}

// ---------------------------------------------------------------------------------------------
// Address, prices, amenities, contact
// ---------------------------------------------------------------------------------------------
const IN_TOWN = new Set<VenueTypeKey>(["urban-downtown", "hotel", "historic", "inn-bnb"]);
const TREES = ["Elm", "Pine", "Maple", "Spruce", "Walnut", "Cedar", "Aspen", "Cottonwood", "Birch"];
const ORDINALS = ["1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th", "9th", "10th", "12th", "14th"];

function address(rng: Rng, type: VenueTypeKey): { line1: string; line2: string | null } {
  if (IN_TOWN.has(type)) {
    const street = rng.pick([
      () => `${rng.pick(ORDINALS)} Street`,
      () => "Main Street",
      () => `${rng.pick(TREES)} Street`,
      () => `${rng.pick(SURNAMES)} Avenue`,
      () => `${rng.pick(["Union", "Market", "Grand", "Railroad", "Mill"])} Avenue`,
    ])();
    const line2 = (type === "urban-downtown" || type === "hotel") && rng.chance(0.3);
    return {
      line1: `${rng.int(100, 2999)} ${street}`,
      line2: line2 ? rng.pick(["Suite 200", "Floor 3", "Building B", "Rooftop Level", "Unit 110"]) : null,
    };
  }
  const road = rng.pick([
    () => `County Road ${rng.int(2, 380)}`,
    () => `${rng.pick(NATURE)} ${rng.pick(LANDFORM)} Road`,
    () => `${rng.pick(NATURE)} ${rng.pick(["Lane", "Trail", "Drive", "Way"])}`,
  ])();
  return { line1: `${rng.int(100, 39999)} ${road}`, line2: null };
}

const CAPACITY: Record<VenueTypeKey, [number, number]> = {
  barn: [80, 300],
  garden: [50, 250],
  historic: [60, 300],
  hotel: [120, 450],
  "inn-bnb": [40, 120],
  "lodge-resort": [80, 350],
  mountain: [40, 250],
  "urban-downtown": [80, 400],
  waterfront: [50, 250],
  "winery-vineyard": [60, 250],
  ranch: [80, 400],
  estate: [80, 350],
};

const PRICE_BASE: Record<VenueTypeKey, [number, number]> = {
  barn: [2500, 7000],
  garden: [1500, 6000],
  historic: [2500, 8000],
  hotel: [5000, 14000],
  "inn-bnb": [1500, 5000],
  "lodge-resort": [5000, 15000],
  mountain: [2000, 9000],
  "urban-downtown": [3000, 10000],
  waterfront: [2500, 8000],
  "winery-vineyard": [3000, 9000],
  ranch: [3500, 10000],
  estate: [6000, 16000],
};

const money = (n: number) => `$${n.toLocaleString("en-US")}`;
const roundTo = (n: number, step: number) => Math.round(n / step) * step;

type Pricing = Pick<SeedVenue, "pricePerEvent" | "priceLow" | "priceHigh" | "priceRange">;

/** The spec's four shapes of price: single, range, text only, none (about 45/40/10/5 %). */
function pricing(rng: Rng, type: VenueTypeKey): Pricing {
  const [lo, hi] = PRICE_BASE[type];
  const base = roundTo(rng.float(lo, hi), 250);
  const none: Pricing = { pricePerEvent: null, priceLow: null, priceHigh: null, priceRange: null };
  const r = rng.next();
  if (r < 0.45) return { ...none, pricePerEvent: base };
  if (r < 0.85) {
    const high = Math.min(25000, base + roundTo(rng.float(1500, 9000), 500));
    return { ...none, priceLow: base, priceHigh: high, priceRange: `${money(base)} - ${money(high)}` };
  }
  if (r < 0.95) {
    const text = rng.pick([
      () => `From ${money(base)}`,
      () => `Packages from ${money(base)}`,
      () => `Starting at ${money(base)}`,
      () => `${money(base)} - ${money(base + 4000)} depending on season`,
    ])();
    return { ...none, priceRange: text };
  }
  return none;
}

/** Colorado's combined sales tax rates, state and local, as venues state them (2026). */
const SALES_TAX = [4.9, 7.65, 8.31, 8.81, 8.9, 9.15];

/**
 * A pricing model for about half the venues that list a price, from the listed figure: a site
 * fee with weekend rates, a per-guest price, summer as the peak; most state their service charge,
 * tax and fees (all-in), some only their prices. Its own random stream (`pricing:<seed>`), so the
 * rest of a venue stays what it was before models were seeded.
 */
function pricingModelFor(seed: string, p: Pricing): PricingModel | null {
  const listed = p.pricePerEvent ?? p.priceLow;
  const rng = createRng(`pricing:${seed}`);
  if (!listed || !rng.chance(0.5)) return null;
  const baseFee = roundTo(listed * rng.float(0.35, 0.6), 250);
  const allIn = rng.chance(0.8);
  return pricingModel({
    baseFee,
    perGuest: roundTo(rng.float(45, 130), 5),
    minSpend: rng.chance(0.4) ? roundTo(listed * rng.float(1.2, 2.2), 500) : null,
    peakMonths: [6, 7, 8, 9],
    peakPercent: roundTo(rng.float(10, 25), 5),
    weekdayPercent: rng.chance(0.6) ? roundTo(rng.float(10, 25), 5) : 0,
    dayFees: {
      weekday: null,
      friday: roundTo(baseFee * 1.1, 250),
      saturday: roundTo(baseFee * 1.3, 250),
      sunday: rng.chance(0.5) ? roundTo(baseFee * 0.9, 250) : null,
    },
    minimumOn: rng.chance(0.5) ? "perGuest" : "all",
    servicePercent: allIn ? rng.pick([18, 20, 22, 24]) : null,
    serviceOnMinimum: rng.chance(0.5),
    taxPercent: allIn ? rng.pick(SALES_TAX) : null,
    fees: allIn
      ? [
          { name: "Cleaning", amount: roundTo(rng.float(250, 750), 50), perGuest: false },
          ...(rng.chance(0.5) ? [{ name: "Security", amount: rng.int(3, 6), perGuest: true }] : []),
        ]
      : [],
  });
}

const MOUNTAINS: Region[] = ["Central Mountains", "Western Slope North", "Western Slope South"];

/**
 * Facts for the venues with a pricing model and a few others (issue 43): layouts from the
 * capacity, a curfew, catering and alcohol rules; elevation and road access in the mountains.
 * Each venue that states prices or facts confirmed them up to 20 months ago, so some read as
 * possibly out of date. Its own random stream, as the pricing model's.
 */
function factsFor(
  seed: string,
  v: Pick<SeedVenue, "capacity" | "region" | "pricingModel" | "description">,
): Pick<SeedVenue, "facts" | "confirmedDaysAgo"> {
  const rng = createRng(`facts:${seed}`);
  if (!v.pricingModel && !rng.chance(0.2))
    return { facts: null, confirmedDaysAgo: v.pricingModel ? 30 : null };
  const mountain = MOUNTAINS.includes(v.region);
  // What the description already says about caterers holds.
  const ownCaterer = v.description.includes("their own caterer");
  const facts: VenueFacts = {
    ...NO_FACTS,
    seated: roundTo(v.capacity * rng.float(0.6, 0.9), 10),
    standing: v.capacity,
    ceremony: roundTo(v.capacity * rng.float(0.8, 1), 10),
    rainPlan: rng.chance(0.7) ? roundTo(v.capacity * rng.float(0.5, 0.9), 10) : null,
    curfew: rng.pick(["22:00", "22:30", "23:00", "00:00"]),
    noiseLimit: rng.chance(0.4) ? "No amplified music outdoors after 9 pm" : null,
    catering: ownCaterer ? "allowed" : rng.pick(["allowed", "approved-list", "not-allowed"] as const),
    alcohol: ownCaterer
      ? "licensed-bartender"
      : rng.pick(["venue-bar", "licensed-bartender", "bring-your-own"] as const),
    elevationFeet: mountain ? roundTo(rng.float(7000, 10500), 10) : null,
    access: mountain && rng.chance(0.3) ? "The pass road closes from November to May" : null,
  };
  return { facts, confirmedDaysAgo: rng.int(5, 600) };
}

const PREFERRED_AMENITIES: Record<VenueTypeKey, string[]> = {
  barn: [
    "Outdoor Ceremony Space",
    "Indoor Reception Area",
    "Tables and Chairs",
    "Dance Floor",
    "Parking",
    "Scenic Views",
    "Photography Backdrop",
    "Restrooms",
  ],
  garden: [
    "Outdoor Ceremony Space",
    "Outdoor Reception Area",
    "Photography Backdrop",
    "Scenic Views",
    "Covered/Sheltered Area",
    "Restrooms",
  ],
  historic: [
    "Indoor Ceremony Space",
    "Indoor Reception Area",
    "Bridal Suite",
    "Heating/Air Conditioning",
    "Dance Floor",
    "Lighting",
    "Photography Backdrop",
  ],
  hotel: [
    "Indoor Reception Area",
    "Catering Services",
    "Bar Services",
    "Overnight Accommodations",
    "WiFi",
    "AV Equipment",
    "Wheelchair Accessible",
    "Heating/Air Conditioning",
  ],
  "inn-bnb": [
    "Overnight Accommodations",
    "Outdoor Ceremony Space",
    "Kitchen Facilities",
    "WiFi",
    "Bridal Suite",
    "Pet Friendly",
  ],
  "lodge-resort": [
    "Overnight Accommodations",
    "Catering Services",
    "Bar Services",
    "Scenic Views",
    "Indoor Reception Area",
    "Outdoor Ceremony Space",
  ],
  mountain: [
    "Outdoor Ceremony Space",
    "Scenic Views",
    "Photography Backdrop",
    "Covered/Sheltered Area",
    "Parking",
  ],
  "urban-downtown": [
    "Indoor Reception Area",
    "Sound System",
    "Lighting",
    "AV Equipment",
    "WiFi",
    "Bar Services",
    "Heating/Air Conditioning",
  ],
  waterfront: [
    "Outdoor Ceremony Space",
    "Scenic Views",
    "Photography Backdrop",
    "Outdoor Reception Area",
    "Covered/Sheltered Area",
  ],
  "winery-vineyard": [
    "Bar Services",
    "Outdoor Ceremony Space",
    "Scenic Views",
    "Catering Services",
    "Outdoor Reception Area",
    "Photography Backdrop",
  ],
  ranch: [
    "Outdoor Ceremony Space",
    "Overnight Accommodations",
    "Pet Friendly",
    "Parking",
    "Scenic Views",
    "Dance Floor",
  ],
  estate: [
    "Outdoor Ceremony Space",
    "Bridal Suite",
    "Groom's Room",
    "Photography Backdrop",
    "Indoor Reception Area",
    "Linens",
  ],
};

function amenities(rng: Rng, type: VenueTypeKey): AmenityItem[] {
  const preferred = PREFERRED_AMENITIES[type];
  const rest = rng.shuffle(AMENITY_NAMES.filter((a) => !preferred.includes(a)));
  const chosen = new Set([...rng.shuffle(preferred), ...rest].slice(0, rng.int(6, 18)));
  // In catalog order, which is how the spec lists them; a few are offered at extra cost.
  return AMENITY_NAMES.filter((a) => chosen.has(a)).map((name) => ({ name, included: !rng.chance(0.15) }));
}

function phone(rng: Rng, town: Town): string {
  const area = town.areaCode === "303" && rng.chance(0.35) ? "720" : town.areaCode;
  // 555-0100 to 555-0199 are reserved for fiction: they never ring anyone.
  return `(${area}) 555-01${String(rng.int(0, 99)).padStart(2, "0")}`;
}

const NEIGHBOUR_TYPES: Record<VenueTypeKey, VenueTypeKey[]> = {
  mountain: ["lodge-resort", "waterfront"],
  "lodge-resort": ["mountain"],
  barn: ["ranch"],
  ranch: ["barn", "mountain"],
  garden: ["estate"],
  estate: ["garden"],
  waterfront: ["mountain"],
  "urban-downtown": ["hotel"],
  hotel: ["urban-downtown"],
  "winery-vineyard": ["garden"],
  historic: ["inn-bnb"],
  "inn-bnb": ["historic", "garden"],
};

/**
 * 3 to 8 pictures from the type's pool, the cover first. `cover` walks through the pool so
 * neighbouring cards in a list rarely share a cover; sometimes one picture of a related type joins.
 */
function imagePicks(
  rng: Rng,
  type: VenueTypeKey,
  cover: number,
  variantsOf: (type: VenueTypeKey) => number,
): ArtPick[] {
  const total = rng.int(3, 8);
  const neighbour = rng.chance(0.25);
  const others = rng.shuffle(
    Array.from({ length: variantsOf(type) }, (_, v) => v).filter((v) => v !== cover),
  );
  const picks: ArtPick[] = [
    { type, variant: cover },
    ...others.slice(0, total - (neighbour ? 2 : 1)).map((variant) => ({ type, variant })),
  ];
  if (neighbour) {
    const at = rng.int(1, picks.length);
    const other = rng.pick(NEIGHBOUR_TYPES[type]);
    picks.splice(at, 0, { type: other, variant: rng.int(0, variantsOf(other) - 1) });
  }
  return picks;
}

// ---------------------------------------------------------------------------------------------
// Venues
// ---------------------------------------------------------------------------------------------
export type VenueOptions = {
  /** How many variants per type the art pool holds. */
  variants?: number;
  /** Chooses the cover picture for a venue of this type; defaults to a random one. */
  coverFor?: (type: VenueTypeKey) => number;
  /** Names already used; the generator retries to avoid them and records the new one. */
  usedNames?: Set<string>;
  createdAt?: Date;
};

/** One venue from its seed label, e.g. "venue:12". */
export function generateVenue(seed: string, opts: VenueOptions = {}): SeedVenue {
  const rng = createRng(seed);
  const id = rng.uuid();
  const town = rng.weighted(WEIGHTED_TOWNS);
  const type = typeFor(rng, town);
  let name = venueName(rng, type);
  for (let i = 0; opts.usedNames?.has(name) && i < 20; i++) name = venueName(rng, type);
  if (opts.usedNames?.has(name)) name = `${name} ${town.name}`;
  opts.usedNames?.add(name);
  const slug = slugify(name);
  const [cmin, cmax] = CAPACITY[type];
  const capacity = roundTo(rng.float(cmin, cmax), 10);
  const { line1, line2 } = address(rng, type);
  const variants = opts.variants ?? ART_VARIANTS;
  const venue: SeedVenue = {
    id,
    name,
    slug,
    type,
    description: description(rng, { name, type, town, capacity }),
    addressLine1: line1,
    addressLine2: line2,
    city: town.name,
    postalCode: town.zip,
    region: town.region,
    location: [line1, line2, town.name, `Colorado ${town.zip}`].filter(Boolean).join(", "),
    latitude: Math.round((town.latitude + rng.float(-0.03, 0.03)) * 1e6) / 1e6,
    longitude: Math.round((town.longitude + rng.float(-0.03, 0.03)) * 1e6) / 1e6,
    capacity,
    ...pricing(rng, type),
    pricingModel: null,
    facts: null,
    confirmedDaysAgo: null,
    amenities: amenities(rng, type),
    phone: phone(rng, town),
    email: `events@${slug}.example`,
    website: `https://www.${slug}.example`,
    images: imagePicks(rng, type, opts.coverFor?.(type) ?? rng.int(0, variants - 1), () => variants),
    logo: rng.chance(0.3) ? initials(name) : null,
    createdAt: opts.createdAt ?? dateBetween(rng, Date.UTC(2023, 8, 1), Date.UTC(2025, 5, 30)),
  };
  venue.pricingModel = pricingModelFor(seed, venue);
  Object.assign(venue, factsFor(seed, venue));
  return venue;
}

// ---------------------------------------------------------------------------------------------
// FAQs
// ---------------------------------------------------------------------------------------------
type FaqTemplate = { q: string; a: string[] };

const FAQS: FaqTemplate[] = [
  {
    q: "Can we bring our own caterer?",
    a: [
      "Yes. Any licensed and insured caterer is welcome, and our prep kitchen has two ovens, a warming cabinet and a walk-in cooler.",
      "We work with a short list of preferred caterers who know the property well. Outside caterers can be approved for a $750 kitchen fee.",
      "Catering is in-house: our chef builds a custom menu with every couple after a tasting for two.",
    ],
  },
  {
    q: "What is the rain plan for an outdoor ceremony?",
    a: [
      "Afternoons can bring a quick shower, so the ceremony can move to {indoor} at short notice; we make the final call together four hours before.",
      "A tent with sidewalls can be reserved as a backup; most storms pass within half an hour, and we will happily wait one out with you.",
      "The covered pavilion seats every guest, so the ceremony simply moves a few steps if the weather turns.",
    ],
  },
  {
    q: "Is there a noise curfew?",
    a: [
      "Amplified music ends at {curfew} under county rules, and guests depart by {depart}.",
      "Music can play until {curfew}; after that the fire pit and lawn games stay open for another hour.",
    ],
  },
  {
    q: "How much is the deposit, and when is the balance due?",
    a: [
      "A {deposit}% non-refundable deposit secures your date, and the balance is due {weeks} weeks before the wedding.",
      "We ask for a {deposit}% retainer with the signed contract; the remaining balance can be split into two payments.",
    ],
  },
  {
    q: "Are sparklers or fireworks allowed?",
    a: [
      "Because of wildfire risk, sparklers, fireworks and open flames are not allowed outdoors. Bubbles, ribbon wands and LED wands make a lovely send-off.",
      "Sparklers are allowed on the gravel drive when there is no fire ban in effect; fireworks are never permitted.",
    ],
  },
  {
    q: "How long is the rental?",
    a: [
      "Wedding packages include {hours} hours of venue time, including setup and cleanup. Extra hours are available at an hourly rate.",
      "You have the venue for the full day, from 9 am setup until {curfew}.",
    ],
  },
  {
    q: "Can our dog be part of the ceremony?",
    a: [
      "Absolutely. Well-behaved dogs are welcome with a designated handler for the day.",
      "Dogs are welcome for the ceremony and photos, and need to head home with a sitter before the reception starts.",
    ],
  },
  {
    q: "Is the venue wheelchair accessible?",
    a: [
      "Yes. The ceremony site, the reception space and the restrooms are all reachable without steps, and we have accessible parking near the entrance.",
      "The main floor and the restrooms are accessible; the upper deck is reached by stairs only, so let us know and we will plan the seating around it.",
    ],
  },
  {
    q: "Do guests need to prepare for the altitude?",
    a: [
      "Colorado's altitude catches many visitors by surprise. We suggest plenty of water, sunscreen and a light layer for the evening, and we keep water stations out all day.",
      "Evenings cool off quickly up here, even in July, so let guests know to bring a wrap. We provide blankets and a water station at the ceremony site.",
    ],
  },
  {
    q: "Is there lodging nearby for our guests?",
    a: [
      "Yes. We hold room blocks at several hotels in {town}, ten to fifteen minutes away, and can arrange a shuttle.",
      "Guests can stay on site in our cabins and rooms, and there are more hotels and vacation rentals in {town}.",
    ],
  },
  {
    q: "When can we get in to set up and decorate?",
    a: [
      "Vendors can arrive from 10 am on the wedding day, and the rehearsal the evening before is included at no charge.",
      "Setup starts the morning of the wedding; decorations need to be removed by the end of the night or the following morning by 10 am.",
    ],
  },
  {
    q: "Is there a minimum guest count or spend?",
    a: [
      "There is no guest minimum. Saturdays from June to September have a food and beverage minimum, which our coordinator can walk you through.",
      "Peak-season Saturdays require a minimum of 80 guests; Fridays, Sundays and off-season dates have no minimum.",
    ],
  },
  {
    q: "Can we host the rehearsal dinner here too?",
    a: [
      "Yes. Many couples host the rehearsal dinner here the night before, with a discount when both events are booked together.",
      "Our private dining room seats up to 40 and is a favorite for rehearsal dinners and farewell brunches.",
    ],
  },
  {
    q: "Do we need wedding insurance?",
    a: [
      "Yes. We require a one-day event liability policy with at least $1,000,000 in coverage, which usually costs less than $200.",
      "Event insurance is required when you bring your own alcohol; otherwise it is recommended but optional.",
    ],
  },
];

function generateFaqs(seed: string, venue: SeedVenue, count: number): SeedFaq[] {
  const rng = createRng(seed);
  const vars = {
    town: venue.city,
    indoor: rng.pick(RECEPTION_SPOTS[venue.type]),
    curfew: rng.pick(["10 pm", "10:30 pm", "11 pm", "midnight"]),
    depart: rng.pick(["11 pm", "11:30 pm", "12:30 am"]),
    deposit: String(rng.pick([25, 30, 40, 50])),
    weeks: String(rng.pick([4, 6, 8])),
    hours: String(rng.pick([8, 10, 12])),
  };
  return rng.sample(FAQS, count).map((t, i) => ({
    id: rng.uuid(),
    question: t.q,
    answer: fill(rng.pick(t.a), vars),
    displayOrder: (i + 1) * 10,
  }));
}

// ---------------------------------------------------------------------------------------------
// Reviews
// ---------------------------------------------------------------------------------------------
const OPENERS: Record<number, string[]> = {
  5: [
    "We could not have asked for a more beautiful place to get married.",
    "Absolutely perfect from start to finish.",
    "Our guests are still talking about this venue.",
    "Booking {name} was the best decision of our whole planning process.",
    "Everything we hoped for and more.",
    "If you are on the fence, book the tour. We fell in love within five minutes.",
    "A dream venue.",
    "Ten out of ten, would get married here again.",
  ],
  4: [
    "A lovely venue with a few small hiccups.",
    "We had a wonderful day here.",
    "Beautiful setting and a great team.",
    "Really happy with our choice.",
    "Great venue for the price.",
  ],
  3: [
    "A pretty spot, but the experience was mixed.",
    "Good, not great.",
    "The setting is gorgeous; the organization could be better.",
  ],
  2: ["Disappointing for what we paid.", "Beautiful photos, stressful day."],
  1: ["I wish I could give this place a better review."],
};

const DETAILS: Record<VenueTypeKey, string[]> = {
  barn: [
    "The barn looked magical with the string lights and the doors open to the sunset.",
    "Our guests loved the hayloft lounge and the lawn games.",
  ],
  garden: [
    "The roses were in full bloom and every photo looks like a painting.",
    "Saying our vows under the arbor felt like something out of a storybook.",
  ],
  historic: [
    "The old hall has so much character that we barely needed decorations.",
    "The staircase made for the most incredible entrance photos.",
  ],
  hotel: [
    "Having everyone stay in the same building made the weekend so easy.",
    "The rooftop cocktail hour was the highlight for our guests.",
  ],
  "inn-bnb": [
    "Having the whole inn to ourselves made it feel like a family reunion.",
    "Breakfast the next morning was the perfect ending.",
  ],
  "lodge-resort": [
    "Getting married by the fireplace with snow falling outside was unforgettable.",
    "The views from the deck took everyone's breath away.",
  ],
  mountain: [
    "The view during the ceremony was unreal; nobody was looking at us, they were looking at the mountains.",
    "The wildflowers were everywhere in July.",
  ],
  "urban-downtown": [
    "The exposed brick and skylights made a perfect blank canvas for our decor.",
    "Being downtown meant guests could walk to the after-party.",
  ],
  waterfront: [
    "Saying our vows at the end of the dock at sunset was pure magic.",
    "The lake was like glass and the reflections in our photos are stunning.",
  ],
  "winery-vineyard": [
    "Getting married between the vines at golden hour was incredible, and the wine was excellent.",
    "The barrel room dinner was so romantic.",
  ],
  ranch: [
    "Arriving on horseback was a highlight for both of us.",
    "The guests loved the cabins and the bonfire after the reception.",
  ],
  estate: [
    "The grounds were immaculate and we had the whole property to ourselves.",
    "The manor looked elegant in every single photo.",
  ],
};

const STAFF = [
  "{coordinator}, the coordinator, answered every email within hours and kept us calm on the day.",
  "The staff thought of everything, from umbrellas to an emergency sewing kit.",
  "Setup and cleanup were seamless, so our families could just enjoy the night.",
  "The team went out of their way to accommodate our vendors.",
  "Communication leading up to the wedding was clear and friendly.",
  "Our timeline ran perfectly thanks to the on-site team.",
];

const MIXED = [
  "Parking was a bit tight and some guests got lost on the way in.",
  "Communication was slow in the last month before the wedding.",
  "The bathrooms were not quite enough for our guest count.",
  "We had to pay for a few extras we assumed were included.",
  "It got colder in the evening than we expected, so plan for heaters.",
];

const CLOSERS: Record<number, string[]> = {
  5: [
    "Highly recommend!",
    "Thank you for the best day of our lives.",
    "We will be back for our anniversary.",
    "",
  ],
  4: ["We would still recommend it.", "Overall a great experience.", ""],
  3: ["Read the contract carefully.", "Worth a look, but ask lots of questions."],
  2: ["I hope they improve."],
  1: ["Not what we were promised."],
};

const COORDINATORS = ["Megan", "Tessa", "Carlos", "Brooke", "Jenna", "Luis", "Hailey", "Dana"];

function reviewComment(rng: Rng, venue: SeedVenue, rating: number): string {
  const parts = [rng.pick(OPENERS[rating]).replace("{name}", venue.name)];
  if (rng.chance(0.8)) parts.push(rng.pick(DETAILS[venue.type]));
  if (rating >= 4 && rng.chance(0.7))
    parts.push(rng.pick(STAFF).replace("{coordinator}", rng.pick(COORDINATORS)));
  if (rating <= 4 && rng.chance(rating === 4 ? 0.5 : 1)) parts.push(rng.pick(MIXED));
  parts.push(rng.pick(CLOSERS[rating]));
  return parts.filter(Boolean).join(" ");
}

const FIRST_REVIEW = Date.UTC(2024, 0, 1);

export function generateReviews(
  seed: string,
  venue: SeedVenue,
  reviewers: SeedUser[],
  count: number,
): SeedReview[] {
  const rng = createRng(seed);
  const from = Math.max(FIRST_REVIEW, venue.createdAt.getTime() + 14 * DAY);
  return rng.sample(reviewers, count).map((user) => {
    const rating = rng.weighted([
      [5, 52],
      [4, 30],
      [3, 12],
      [2, 4],
      [1, 2],
    ] as const);
    return {
      id: rng.uuid(),
      userId: user.id,
      rating,
      comment: reviewComment(rng, venue, rating),
      createdAt: dateBetween(rng, from, SEED_EPOCH - DAY),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// The demo directory
// ---------------------------------------------------------------------------------------------
export type DemoVenue = SeedVenue & {
  isApproved: boolean;
  isFeatured: boolean;
  approvedAt: Date | null;
  submittedBy: string | null;
  faqs: SeedFaq[];
  reviews: SeedReview[];
};

const DEMO_APPROVED = 160;
const DEMO_PENDING = 6;
/** About one approved venue in ten carries the 'Featured' badge, at most two of a type. */
const FEATURED = 16;
const FEATURED_PER_TYPE = 2;

export function demoDirectory(): { reviewers: SeedUser[]; venues: DemoVenue[] } {
  const rng = createRng("directory");
  const reviewers = demoReviewers();
  const usedNames = new Set<string>();
  const covers = new Map<VenueTypeKey, number>();
  const venues: DemoVenue[] = [];
  for (let i = 0; i < DEMO_APPROVED + DEMO_PENDING; i++) {
    const approved = i < DEMO_APPROVED;
    const createdAt = approved ? undefined : dateBetween(rng, SEED_EPOCH - 28 * DAY, SEED_EPOCH - DAY);
    // Every venue of a type gets a cover of its own: the type's pool has one picture per venue.
    const coverFor = (type: VenueTypeKey) => {
      const cover = covers.get(type) ?? 0;
      covers.set(type, cover + 1);
      return cover;
    };
    const v = generateVenue(`venue:${i}`, { usedNames, coverFor, createdAt });
    venues.push({
      ...v,
      isApproved: approved,
      isFeatured: false,
      approvedAt: approved ? new Date(v.createdAt.getTime() + rng.int(1, 6) * DAY) : null,
      submittedBy: approved ? null : DEMO_SUBMITTER.id,
      faqs: approved ? generateFaqs(`faqs:${i}`, v, rng.int(0, 6)) : [],
      reviews: approved
        ? generateReviews(
            `reviews:${i}`,
            v,
            reviewers,
            rng.weighted([
              [0, 1],
              [rng.int(1, 4), 4],
              [rng.int(5, 12), 5],
            ]),
          )
        : [],
    });
  }
  // The other pictures of a venue come from its type's pool, which is as large as the type has
  // venues (at least ART_VARIANTS), so no two venues of a type share a cover.
  const poolSize = artPoolSizes(venues);
  venues.forEach((v, i) => {
    v.images = imagePicks(createRng(`images:${i}`), v.type, v.images[0]!.variant, (t) => poolSize.get(t)!);
  });
  // Featured: well-reviewed venues across the types, the way an editor would choose them.
  const average = (v: DemoVenue) => v.reviews.reduce((sum, r) => sum + r.rating, 0) / (v.reviews.length || 1);
  const featuredPerType = new Map<VenueTypeKey, number>();
  let featured = 0;
  for (const v of rng.shuffle(
    venues.filter((x) => x.isApproved && x.reviews.length >= 3 && average(x) >= 4.2),
  )) {
    if (featured === FEATURED) break;
    const n = featuredPerType.get(v.type) ?? 0;
    if (n === FEATURED_PER_TYPE) continue;
    featuredPerType.set(v.type, n + 1);
    v.isFeatured = true;
    featured++;
  }
  return { reviewers, venues };
}

/** How many pictures each type's pool holds for these venues: one per venue, at least ART_VARIANTS. */
export function artPoolSizes(venues: Pick<SeedVenue, "type">[]): Map<VenueTypeKey, number> {
  const sizes = new Map<VenueTypeKey, number>(VENUE_TYPES.map((t) => [t.key, ART_VARIANTS]));
  const counts = new Map<VenueTypeKey, number>();
  for (const v of venues) counts.set(v.type, (counts.get(v.type) ?? 0) + 1);
  for (const [type, n] of counts) sizes.set(type, Math.max(ART_VARIANTS, n));
  return sizes;
}
