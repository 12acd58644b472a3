import type { Region } from "~/lib/catalog";

/** What a town is good for; steers which venue types the seed places there. */
export type TownTag = "city" | "resort" | "lake" | "wine" | "historic";

export type Town = {
  name: string;
  zip: string;
  region: Region;
  latitude: number;
  longitude: number;
  areaCode: "303" | "719" | "970";
  tags: TownTag[];
};

type Row = [
  name: string,
  zip: string,
  latitude: number,
  longitude: number,
  areaCode: Town["areaCode"],
  tags?: string,
];

// Real Colorado towns with one of their real ZIP codes; coordinates are the ZIP centroids of the
// `zipcodes` package (towns.test.ts checks both), so the offline geocoder agrees with the seed.
const ROWS: Record<Region, Row[]> = {
  "Central Mountains": [
    ["Breckenridge", "80424", 39.4753, -106.0225, "970", "resort historic"],
    ["Vail", "81657", 39.6512, -106.3234, "970", "resort"],
    ["Aspen", "81611", 39.1951, -106.8236, "970", "resort historic"],
    ["Frisco", "80443", 39.5589, -106.1332, "970", "lake"],
    ["Dillon", "80435", 39.5952, -105.9741, "970", "lake"],
    ["Winter Park", "80482", 39.8939, -105.7845, "970", "resort"],
    ["Granby", "80446", 40.0739, -105.9285, "970", "lake"],
    ["Grand Lake", "80447", 40.2289, -105.8605, "970", "lake"],
    ["Leadville", "80461", 39.2497, -106.3015, "719", "historic lake"],
    ["Buena Vista", "81211", 38.838, -106.1471, "719"],
    ["Salida", "81201", 38.5259, -105.9978, "719", "historic"],
    ["Crested Butte", "81224", 38.8691, -106.9619, "970", "resort"],
    ["Gunnison", "81230", 38.5511, -106.931, "970"],
    ["Avon", "81620", 39.6313, -106.5108, "970", "resort"],
    ["Edwards", "81632", 39.6382, -106.6206, "970"],
    ["Snowmass Village", "81615", 39.2212, -106.932, "970", "resort"],
    ["Fairplay", "80440", 39.2256, -105.9994, "719"],
    ["Basalt", "81621", 39.3535, -106.9988, "970"],
  ],
  "Denver Metro & Surrounding Areas": [
    ["Denver", "80202", 39.7491, -104.9946, "303", "city historic"],
    ["Aurora", "80012", 39.6987, -104.8377, "303", "city lake"],
    ["Littleton", "80120", 39.5994, -105.0044, "303", "city lake"],
    ["Englewood", "80110", 39.6463, -105.0092, "303", "city"],
    ["Arvada", "80002", 39.7945, -105.0984, "303", "city historic"],
    ["Westminster", "80031", 39.8753, -105.0345, "303", "city"],
    ["Thornton", "80241", 39.868, -104.9719, "303"],
    ["Castle Rock", "80104", 39.3722, -104.8561, "303"],
    ["Parker", "80134", 39.4895, -104.8447, "303"],
    ["Broomfield", "80020", 39.9245, -105.0609, "303", "city"],
    ["Lone Tree", "80124", 39.5517, -104.8863, "303", "city"],
    ["Brighton", "80601", 39.943, -104.7866, "303"],
    ["Wheat Ridge", "80033", 39.774, -105.0962, "303"],
  ],
  Foothills: [
    ["Evergreen", "80439", 39.6374, -105.3402, "303", "lake"],
    ["Morrison", "80465", 39.6125, -105.1746, "303"],
    ["Golden", "80401", 39.7305, -105.1915, "303", "city historic"],
    ["Conifer", "80433", 39.5197, -105.3169, "303"],
    ["Idaho Springs", "80452", 39.7402, -105.5983, "303", "historic"],
    ["Georgetown", "80444", 39.7061, -105.6975, "303", "historic lake"],
    ["Bailey", "80421", 39.4482, -105.4693, "303"],
    ["Nederland", "80466", 39.9703, -105.4813, "303", "lake"],
    ["Kittredge", "80457", 39.6481, -105.2782, "303"],
    ["Black Hawk", "80422", 39.816, -105.4753, "303", "historic"],
    ["Central City", "80427", 39.8019, -105.5142, "303", "historic"],
    ["Pine", "80470", 39.4667, -105.3741, "303"],
  ],
  "Front Range North": [
    ["Fort Collins", "80521", 40.5813, -105.1039, "970", "city historic wine"],
    ["Loveland", "80537", 40.3849, -105.0916, "970", "city lake"],
    ["Boulder", "80302", 40.0172, -105.2851, "303", "city lake wine"],
    ["Estes Park", "80517", 40.3658, -105.5142, "970", "resort lake"],
    ["Longmont", "80501", 40.1779, -105.1009, "303", "city lake"],
    ["Greeley", "80631", 40.385, -104.6806, "970", "city"],
    ["Berthoud", "80513", 40.2993, -105.1055, "970"],
    ["Windsor", "80550", 40.4837, -104.8994, "970", "lake"],
    ["Lyons", "80540", 40.2357, -105.3231, "303"],
    ["Louisville", "80027", 39.9789, -105.1456, "303", "historic"],
    ["Lafayette", "80026", 39.998, -105.0963, "303"],
    ["Erie", "80516", 40.0597, -105.0686, "303"],
  ],
  "Front Range South": [
    ["Colorado Springs", "80903", 38.8388, -104.8145, "719", "city historic"],
    ["Pueblo", "81003", 38.2843, -104.6234, "719", "city lake"],
    ["Manitou Springs", "80829", 38.855, -104.9058, "719", "historic"],
    ["Monument", "80132", 39.1007, -104.8542, "719"],
    ["Woodland Park", "80863", 38.9969, -105.0623, "719"],
    ["Canon City", "81212", 38.4451, -105.2178, "719", "wine historic"],
    ["Trinidad", "81082", 37.2691, -104.5038, "719", "historic"],
    ["Palmer Lake", "80133", 39.1205, -104.9148, "719", "lake"],
    ["Cripple Creek", "80813", 38.8261, -105.1499, "719", "historic"],
    ["Westcliffe", "81252", 38.123, -105.4332, "719"],
    ["Florence", "81226", 38.385, -105.1232, "719", "wine"],
  ],
  "Western Slope Middle": [
    ["Grand Junction", "81501", 39.0783, -108.5457, "970", "city wine"],
    ["Palisade", "81526", 39.1032, -108.368, "970", "wine"],
    ["Glenwood Springs", "81601", 39.5296, -107.3252, "970", "resort historic"],
    ["Carbondale", "81623", 39.2511, -107.2044, "970"],
    ["Fruita", "81521", 39.1637, -108.7218, "970", "wine"],
    ["Montrose", "81401", 38.4678, -107.8752, "970", "city"],
    ["Delta", "81416", 38.7349, -108.0604, "970"],
    ["Paonia", "81428", 38.865, -107.5985, "970", "wine"],
    ["Hotchkiss", "81419", 38.8124, -107.7472, "970", "wine"],
    ["Rifle", "81650", 39.5491, -107.7898, "970", "lake"],
    ["New Castle", "81647", 39.5709, -107.5428, "970"],
    ["Cedaredge", "81413", 38.9119, -107.9268, "970", "wine"],
  ],
  "Western Slope North": [
    ["Steamboat Springs", "80487", 40.6327, -106.9318, "970", "resort lake"],
    ["Craig", "81625", 40.5224, -107.5615, "970"],
    ["Meeker", "81641", 40.0387, -107.8925, "970", "historic"],
    ["Hayden", "81639", 40.4945, -107.2571, "970"],
    ["Oak Creek", "80467", 40.2567, -106.9296, "970", "lake"],
    ["Rangely", "81648", 40.0828, -108.7991, "970"],
    ["Walden", "80480", 40.71, -106.2767, "970", "lake"],
    ["Kremmling", "80459", 40.0632, -106.3955, "970", "lake"],
    ["Yampa", "80483", 40.1304, -106.9116, "970", "lake"],
    ["Clark", "80428", 40.7268, -106.9215, "970"],
  ],
  "Western Slope South": [
    ["Durango", "81301", 37.2874, -107.8617, "970", "city historic"],
    ["Telluride", "81435", 37.94, -107.8214, "970", "resort historic"],
    ["Ouray", "81427", 38.0258, -107.6726, "970", "historic"],
    ["Pagosa Springs", "81147", 37.2523, -107.0385, "970", "resort lake"],
    ["Ridgway", "81432", 38.1381, -107.7533, "970", "lake"],
    ["Cortez", "81321", 37.3549, -108.5837, "970", "wine"],
    ["Mancos", "81328", 37.3471, -108.2982, "970"],
    ["Silverton", "81433", 37.809, -107.6667, "970", "historic"],
    ["Lake City", "81235", 37.9868, -107.302, "970", "historic lake"],
    ["Bayfield", "81122", 37.2603, -107.6137, "970", "lake"],
    ["Dolores", "81323", 37.4666, -108.4717, "970", "lake wine"],
  ],
};

export const TOWNS: readonly Town[] = Object.entries(ROWS).flatMap(([region, rows]) =>
  rows.map(([name, zip, latitude, longitude, areaCode, tags]) => ({
    name,
    zip,
    region: region as Region,
    latitude,
    longitude,
    areaCode,
    tags: (tags ? tags.split(" ") : []) as TownTag[],
  })),
);
