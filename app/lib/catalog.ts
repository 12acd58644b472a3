// Fixed lists of the spec (public side, section 9 and the venue-type fallback list).

export const REGIONS = [
  "Central Mountains",
  "Denver Metro & Surrounding Areas",
  "Foothills",
  "Front Range North",
  "Front Range South",
  "Western Slope Middle",
  "Western Slope North",
  "Western Slope South",
] as const;
export type Region = (typeof REGIONS)[number];

export const AMENITY_NAMES = [
  "Outdoor Ceremony Space",
  "Indoor Ceremony Space",
  "Bridal Suite",
  "Groom's Room",
  "Catering Services",
  "Bar Services",
  "Tables and Chairs",
  "Linens",
  "Dance Floor",
  "Sound System",
  "Lighting",
  "AV Equipment",
  "Parking",
  "Wheelchair Accessible",
  "Pet Friendly",
  "Overnight Accommodations",
  "Kitchen Facilities",
  "Restrooms",
  "WiFi",
  "Scenic Views",
  "Photography Backdrop",
  "Outdoor Reception Area",
  "Indoor Reception Area",
  "Covered/Sheltered Area",
  "Heating/Air Conditioning",
] as const;

/** The 12 venue types; `fallbackCount` is the spec's built-in count used only when types cannot load. */
export const VENUE_TYPES = [
  { key: "barn", name: "Barn", fallbackCount: 35 },
  { key: "garden", name: "Garden", fallbackCount: 31 },
  { key: "historic", name: "Historic", fallbackCount: 28 },
  { key: "hotel", name: "Hotel", fallbackCount: 25 },
  { key: "inn-bnb", name: "Inn/B&B", fallbackCount: 22 },
  { key: "lodge-resort", name: "Lodge/Resort", fallbackCount: 30 },
  { key: "mountain", name: "Mountain", fallbackCount: 42 },
  { key: "urban-downtown", name: "Urban/Downtown", fallbackCount: 26 },
  { key: "waterfront", name: "Waterfront", fallbackCount: 19 },
  { key: "winery-vineyard", name: "Winery/Vineyard", fallbackCount: 18 },
  { key: "ranch", name: "Ranch", fallbackCount: 24 },
  { key: "estate", name: "Estate", fallbackCount: 20 },
] as const;
export type VenueTypeKey = (typeof VENUE_TYPES)[number]["key"];

export const MAX_PRICE = 25000;
