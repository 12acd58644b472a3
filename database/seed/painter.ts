// Demo artwork: illustrated Colorado wedding scenes drawn as SVG from a seeded PRNG. Pure: a
// type, a variant or a seed in, an SVG string out; no files, no sharp, no storage (render-art.ts
// turns the SVG into WebP). Nothing here is a photo or a download.
import type { VenueTypeKey } from "~/lib/catalog";
import { createRng, type Rng } from "./random";

const ART_WIDTH = 1600;
const ART_HEIGHT = 1067;
// The site's display face where the system has it, else the closest common serif.
export const SERIF = "'Playfair Display', 'Liberation Serif', 'DejaVu Serif', Georgia, serif";

// ---------------------------------------------------------------------------------------------
// Colours and SVG plumbing
// ---------------------------------------------------------------------------------------------
const f = (n: number) => Math.round(n * 10) / 10;

function rgb(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function mix(a: string, b: string, t: number): string {
  const [ar, ag, ab] = rgb(a);
  const [br, bg, bb] = rgb(b);
  const c = (x: number, y: number) =>
    Math.round(x + (y - x) * t)
      .toString(16)
      .padStart(2, "0");
  return `#${c(ar, br)}${c(ag, bg)}${c(ab, bb)}`;
}

type Stop = [offset: number, color: string, opacity?: number];

/** One drawing in progress: defs and body are joined into the SVG document at the end. */
export type Canvas = {
  rng: Rng;
  W: number;
  H: number;
  /** Size unit: 1 at the 1067 px height the scenes were designed for. */
  s: number;
  p: Palette;
  season: Season;
  defs: string[];
  body: string[];
  id(): string;
};

function newCanvas(seed: string, W: number, H: number, p: Palette, season: Season): Canvas {
  let n = 0;
  return {
    rng: createRng(seed),
    W,
    H,
    s: H / ART_HEIGHT,
    p,
    season,
    defs: [],
    body: [],
    id: () => `d${n++}`,
  };
}

function stops(list: Stop[]): string {
  return list
    .map(
      ([o, color, op]) =>
        `<stop offset="${f(o * 100)}%" stop-color="${color}"${op === undefined ? "" : ` stop-opacity="${op}"`}/>`,
    )
    .join("");
}

/** A vertical gradient in canvas coordinates between y1 and y2. */
function vgrad(c: Canvas, y1: number, y2: number, list: Stop[]): string {
  const id = c.id();
  c.defs.push(
    `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="0" y1="${f(y1)}" x2="0" y2="${f(y2)}">${stops(list)}</linearGradient>`,
  );
  return `url(#${id})`;
}

function radial(c: Canvas, cx: number, cy: number, r: number, list: Stop[]): string {
  const id = c.id();
  c.defs.push(
    `<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}">${stops(list)}</radialGradient>`,
  );
  return `url(#${id})`;
}

const rect = (x: number, y: number, w: number, h: number, fill: string, extra = "") =>
  `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="${fill}"${extra}/>`;
const circle = (cx: number, cy: number, r: number, fill: string, extra = "") =>
  `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${fill}"${extra}/>`;
/** A circle as path data, so hundreds of dots can share one element. */
const dot = (cx: number, cy: number, r: number) =>
  `M${f(cx - r)} ${f(cy)}a${f(r)} ${f(r)} 0 1 0 ${f(2 * r)} 0a${f(r)} ${f(r)} 0 1 0 ${f(-2 * r)} 0Z`;
const poly = (pts: [number, number][]) => `M${pts.map(([x, y]) => `${f(x)} ${f(y)}`).join("L")}Z`;
/** A window or door with a round top. */
const archPath = (x: number, y: number, w: number, h: number) =>
  `M${f(x)} ${f(y + h)}V${f(y + w / 2)}A${f(w / 2)} ${f(w / 2)} 0 0 1 ${f(x + w)} ${f(y + w / 2)}V${f(y + h)}Z`;

function svgDocument(c: Canvas): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${c.W}" height="${c.H}" viewBox="0 0 ${c.W} ${c.H}">` +
    `<defs>${c.defs.join("")}</defs>${c.body.join("")}</svg>`
  );
}

// ---------------------------------------------------------------------------------------------
// Light: time of day and season
// ---------------------------------------------------------------------------------------------
type Palette = {
  name: "sunrise" | "golden" | "dusk" | "night" | "overcast" | "bluebird";
  sky: [top: string, middle: string, horizon: string];
  sun?: { color: string; glow: string; height: number; size: number };
  moon?: boolean;
  stars: number;
  cloud: string;
  clouds: number;
  cloudOpacity: number;
  far: string;
  near: string;
  haze: string;
  /** Everything lit by this sky (grass, walls, roofs) is pulled toward `tint` by `tintAmount`. */
  tint: string;
  tintAmount: number;
  light: string;
  windowsLit: number;
  vignette: number;
};

const PALETTES: Record<Palette["name"], Palette> = {
  sunrise: {
    name: "sunrise",
    sky: ["#6f8ec4", "#f2c1b0", "#fde3b0"],
    sun: { color: "#fff3d1", glow: "#ffd8a0", height: 0.1, size: 0.032 },
    stars: 0,
    cloud: "#f7c9b8",
    clouds: 4,
    cloudOpacity: 0.7,
    far: "#a3a6c8",
    near: "#2f3b4a",
    haze: "#f6d3bd",
    tint: "#f2b59a",
    tintAmount: 0.14,
    light: "#ffd890",
    windowsLit: 0.25,
    vignette: 0.32,
  },
  golden: {
    name: "golden",
    sky: ["#6c9fd3", "#f3d9a4", "#f7b564"],
    sun: { color: "#fff6dc", glow: "#ffc15e", height: 0.22, size: 0.03 },
    stars: 0,
    cloud: "#fbe2bc",
    clouds: 3,
    cloudOpacity: 0.75,
    far: "#a795a6",
    near: "#2b3829",
    haze: "#f7cf94",
    tint: "#f0a94f",
    tintAmount: 0.16,
    light: "#ffd27a",
    windowsLit: 0.3,
    vignette: 0.3,
  },
  dusk: {
    name: "dusk",
    sky: ["#27305e", "#9c5b86", "#f59f6b"],
    sun: { color: "#ffd39a", glow: "#ff9b6a", height: 0.02, size: 0.04 },
    stars: 30,
    cloud: "#e48c8c",
    clouds: 5,
    cloudOpacity: 0.55,
    far: "#6a5b84",
    near: "#1c2033",
    haze: "#e99a8a",
    tint: "#4a3a66",
    tintAmount: 0.38,
    light: "#ffc46e",
    windowsLit: 0.75,
    vignette: 0.42,
  },
  night: {
    name: "night",
    sky: ["#070b1d", "#15224a", "#2d4373"],
    moon: true,
    stars: 220,
    cloud: "#3a4a72",
    clouds: 2,
    cloudOpacity: 0.35,
    far: "#2a3454",
    near: "#0a0f1e",
    haze: "#3c5283",
    tint: "#142044",
    tintAmount: 0.62,
    light: "#ffcf7a",
    windowsLit: 0.85,
    vignette: 0.45,
  },
  overcast: {
    name: "overcast",
    sky: ["#8794a3", "#b8c0c8", "#d9dcdb"],
    stars: 0,
    cloud: "#a3acb6",
    clouds: 8,
    cloudOpacity: 0.6,
    far: "#8f99a4",
    near: "#34403d",
    haze: "#d4d8d8",
    tint: "#8c96a0",
    tintAmount: 0.2,
    light: "#ffe0a0",
    windowsLit: 0.35,
    vignette: 0.28,
  },
  bluebird: {
    name: "bluebird",
    sky: ["#2f6fb8", "#72a8dc", "#cfe4f3"],
    sun: { color: "#ffffff", glow: "#fff6d8", height: 0.75, size: 0.025 },
    stars: 0,
    cloud: "#ffffff",
    clouds: 4,
    cloudOpacity: 0.85,
    far: "#8aa3c4",
    near: "#27402f",
    haze: "#dbe8f2",
    tint: "#ffffff",
    tintAmount: 0,
    light: "#fff0c0",
    windowsLit: 0.05,
    vignette: 0.22,
  },
};

type Season = "spring" | "summer" | "autumn" | "winter";

const MEADOW: Record<Season, [far: string, near: string]> = {
  spring: ["#b3cc7c", "#6a9a3f"],
  summer: ["#9db468", "#55773a"],
  autumn: ["#c9b06a", "#8c7a3c"],
  winter: ["#eef2f6", "#cdd8e3"],
};
const LEAVES: Record<Season, string[]> = {
  // Fresh leaves and fruit-tree blossom.
  spring: ["#86b552", "#9cc463", "#f2cfd8", "#fbeef0"],
  summer: ["#4f7a3a", "#5f8a41", "#3f6b34"],
  autumn: ["#e0a530", "#d4862b", "#c9a43a", "#b5652a"],
  winter: ["#4b5a4a"],
};
const CONIFER = "#24432f";
const FLOWERS = ["#f4f1ea", "#f3c9d4", "#b4656f", "#e9c46a", "#8e7cc3", "#d9534f"];

/** A daylight colour as this sky lights it. */
const lit = (c: Canvas, color: string) => mix(color, c.p.tint, c.p.tintAmount);
const isDark = (p: Palette) => p.name === "dusk" || p.name === "night";

// ---------------------------------------------------------------------------------------------
// Shared layers
// ---------------------------------------------------------------------------------------------
function sky(c: Canvas, horizon: number): void {
  const { p, W, H, rng, s } = c;
  c.body.push(
    rect(
      0,
      0,
      W,
      H,
      vgrad(c, 0, horizon, [
        [0, p.sky[0]],
        [0.55, p.sky[1]],
        [1, p.sky[2]],
      ]),
    ),
  );
  if (p.stars > 0) {
    let d = "";
    for (let i = 0; i < p.stars; i++)
      d += dot(rng.float(0, W), rng.float(0, horizon * 0.75) ** 1.1, rng.float(0.6, 1.8) * s);
    c.body.push(`<path d="${d}" fill="#fffbe8" opacity="${p.name === "night" ? 0.85 : 0.5}"/>`);
  }
  const sunX = rng.float(0.15, 0.85) * W;
  if (p.sun) {
    const y = horizon - p.sun.height * horizon;
    const glow = radial(c, sunX, y, W * 0.45, [
      [0, p.sun.glow, 0.75],
      [0.35, p.sun.glow, 0.25],
      [1, p.sun.glow, 0],
    ]);
    c.body.push(rect(0, 0, W, H, glow), circle(sunX, y, p.sun.size * H, p.sun.color));
  }
  if (p.moon) {
    const y = rng.float(0.12, 0.3) * H;
    c.body.push(
      circle(
        sunX,
        y,
        0.12 * H,
        radial(c, sunX, y, 0.12 * H, [
          [0, "#dfe6ff", 0.35],
          [1, "#dfe6ff", 0],
        ]),
      ),
      circle(sunX, y, 0.03 * H, "#f4f1e4"),
      circle(sunX + 0.012 * H, y - 0.006 * H, 0.027 * H, p.sky[0], ` opacity="0.92"`),
    );
  }
  for (let i = 0; i < p.clouds; i++) cloud(c, rng.float(-0.1, 1.1) * W, rng.float(0.08, 0.75) * horizon);
  c.body.push(
    rect(
      0,
      horizon - 0.2 * H,
      W,
      0.25 * H,
      vgrad(c, horizon - 0.2 * H, horizon + 0.05 * H, [
        [0, p.haze, 0],
        [0.8, p.haze, 0.35],
        [1, p.haze, 0],
      ]),
    ),
  );
}

function cloud(c: Canvas, x: number, y: number): void {
  const { rng, s, p } = c;
  const streak = p.name === "dusk" || p.name === "sunrise" || rng.chance(0.3);
  let d = "";
  const n = rng.int(3, 7);
  const width = rng.float(120, 340) * s;
  for (let i = 0; i < n; i++) {
    const cx = x + rng.float(-0.5, 0.5) * width;
    const rx = streak ? rng.float(60, 180) * s : rng.float(30, 70) * s;
    const ry = streak ? rng.float(5, 13) * s : rx * rng.float(0.5, 0.8);
    const cy = y + (streak ? rng.float(-10, 10) * s : -ry * 0.4);
    d += `M${f(cx - rx)} ${f(cy)}a${f(rx)} ${f(ry)} 0 1 0 ${f(2 * rx)} 0a${f(rx)} ${f(ry)} 0 1 0 ${f(-2 * rx)} 0Z`;
  }
  c.body.push(
    `<path d="${d}" fill="${p.cloud}" opacity="${f(p.cloudOpacity * rng.float(0.6, 1) * 100) / 100}"/>`,
  );
}

type Ridge = { d: string; yAt(x: number): number; top: number };

/**
 * A ridgeline by midpoint displacement, smoothed with Catmull-Rom curves and closed to the
 * bottom of the picture. `roughness` near 0.6 gives craggy peaks, near 0.35 rolling hills.
 */
function ridge(c: Canvas, base: number, amplitude: number, roughness: number, levels = 5): Ridge {
  const { rng, W, H } = c;
  const size = 2 ** levels;
  const h = new Array<number>(size + 1).fill(0);
  h[0] = rng.next();
  h[size] = rng.next();
  let scale = 1;
  for (let step = size; step > 1; step /= 2, scale *= roughness) {
    for (let i = step / 2; i < size; i += step)
      h[i] = (h[i - step / 2] + h[i + step / 2]) / 2 + rng.float(-0.5, 0.5) * scale;
  }
  const lo = Math.min(...h);
  const hi = Math.max(...h);
  const pts = h.map((v, i): [number, number] => [
    -40 + ((W + 80) * i) / size,
    base - ((v - lo) / (hi - lo || 1)) * amplitude,
  ]);
  let d = `M${f(pts[0][0])} ${f(pts[0][1])}`;
  for (let i = 0; i < pts.length - 1; i++) {
    const [p0, p1, p2, p3] = [
      pts[Math.max(i - 1, 0)],
      pts[i],
      pts[i + 1],
      pts[Math.min(i + 2, pts.length - 1)],
    ];
    d += `C${f(p1[0] + (p2[0] - p0[0]) / 6)} ${f(p1[1] + (p2[1] - p0[1]) / 6)} ${f(p2[0] - (p3[0] - p1[0]) / 6)} ${f(p2[1] - (p3[1] - p1[1]) / 6)} ${f(p2[0])} ${f(p2[1])}`;
  }
  d += `L${W + 40} ${H + 10}L-40 ${H + 10}Z`;
  const yAt = (x: number) => {
    const t = ((x + 40) / (W + 80)) * size;
    const i = Math.max(0, Math.min(size - 1, Math.floor(t)));
    return pts[i][1] + (pts[i + 1][1] - pts[i][1]) * (t - i);
  };
  return { d, yAt, top: base - amplitude };
}

/** Mountain ranges from far to near: snow on the far peaks, haze at their feet, forest on the near ones. */
function mountainLayers(c: Canvas, horizon: number, layers: number, height: number, snow: boolean): Ridge[] {
  const { H, p, rng } = c;
  const out: Ridge[] = [];
  for (let i = 0; i < layers; i++) {
    const t = layers === 1 ? 1 : i / (layers - 1);
    const amp = H * height * (1 - 0.7 * t) * rng.float(0.8, 1.1);
    const base = horizon + (H - horizon) * 0.12 * t;
    const r = ridge(c, base, amp, 0.62 - 0.14 * t, 6);
    const color = mix(mix(p.far, p.near, t ** 0.8), p.haze, 0.08);
    const foot = mix(color, p.haze, 0.45 * (1 - t));
    const list: Stop[] =
      snow && (i === 0 || (i === 1 && c.season === "winter"))
        ? [
            [0, mix("#f6f8fb", p.tint, p.tintAmount * 0.8)],
            [0.12, mix("#e6ecf2", p.tint, p.tintAmount)],
            [0.3, color],
            [1, foot],
          ]
        : [
            [0, mix(color, "#ffffff", 0.05)],
            [1, foot],
          ];
    c.body.push(`<path d="${r.d}" fill="${vgrad(c, r.top, base + H * 0.02, list)}"/>`);
    out.push(r);
  }
  return out;
}

/** A spruce: a jagged tiered silhouette, returned as path data to batch many trees in one element. */
function spruce(rng: Rng, x: number, y: number, h: number): string {
  const tiers = rng.int(4, 6);
  const w = h * rng.float(0.3, 0.42);
  const right: [number, number][] = [];
  for (let t = 1; t <= tiers; t++) {
    const ty = y - h + (h * 0.9 * t) / tiers;
    const hw = (w / 2) * (0.3 + (0.7 * t) / tiers);
    right.push([x + hw, ty], [x + hw * 0.45, ty - (h * 0.12) / tiers]);
  }
  right.pop();
  const trunk: [number, number][] = [
    [x + w * 0.05, y - h * 0.1],
    [x + w * 0.05, y],
    [x - w * 0.05, y],
    [x - w * 0.05, y - h * 0.1],
  ];
  const left = right.map(([px, py]): [number, number] => [2 * x - px, py]).reverse();
  return poly([[x, y - h], ...right, ...trunk, ...left]);
}

/** A row of spruces following a ridgeline. */
function forest(
  c: Canvas,
  r: Ridge,
  minH: number,
  maxH: number,
  density: number,
  color: string,
  from = -20,
  to = c.W + 20,
): void {
  const { rng, s } = c;
  let d = "";
  for (let x = from; x < to; x += (rng.float(0.4, 1.2) * (minH + maxH) * 0.3 * s) / density) {
    if (rng.chance(0.15)) continue;
    d += spruce(rng, x, r.yAt(x) + rng.float(0, maxH * 0.3) * s, rng.float(minH, maxH) * s);
  }
  c.body.push(`<path d="${d}" fill="${color}"/>`);
}

/** A broadleaf tree (cottonwood, aspen, oak): a trunk under a cluster of round leaves. */
function leafyTree(c: Canvas, x: number, y: number, h: number): void {
  const { rng, season } = c;
  // Bare winter branches read as fence posts at this size: winter gets evergreens instead.
  if (season === "winter") {
    c.body.push(`<path d="${spruce(rng, x, y, h * 1.1)}" fill="${lit(c, CONIFER)}"/>`);
    return;
  }
  const palette = LEAVES[season];
  const trunk = season === "autumn" && rng.chance(0.5) ? "#e8e2d4" : "#4a3b2c";
  c.body.push(rect(x - h * 0.035, y - h * 0.55, h * 0.07, h * 0.55, lit(c, trunk)));
  const base = rng.pick(palette);
  const n = rng.int(5, 8);
  let dark = "";
  let light = "";
  for (let i = 0; i < n; i++) {
    const cx = x + rng.float(-0.22, 0.22) * h;
    const cy = y - h * 0.62 + rng.float(-0.22, 0.14) * h;
    const r = rng.float(0.14, 0.22) * h;
    dark += dot(cx, cy, r);
    light += dot(cx - r * 0.2, cy - r * 0.25, r * 0.6);
  }
  c.body.push(
    `<path d="${dark}" fill="${lit(c, mix(base, "#1d2a1a", 0.25))}"/>`,
    `<path d="${light}" fill="${lit(c, base)}" opacity="0.8"/>`,
  );
}

/** Rolling meadow in front of everything else, darker toward the viewer. */
function meadow(c: Canvas, base: number, amplitude: number, t: number): Ridge {
  const [far, near] = MEADOW[c.season];
  const r = ridge(c, base, amplitude, 0.38, 3);
  const color = lit(c, mix(far, near, t));
  c.body.push(
    `<path d="${r.d}" fill="${vgrad(c, r.top, c.H, [
      [0, color],
      [1, mix(color, "#1c2616", 0.35)],
    ])}"/>`,
  );
  return r;
}

function wildflowers(c: Canvas, top: number, count: number): void {
  if (c.season === "winter") return;
  const { rng, W, H, s } = c;
  const byColor = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    const y = rng.float(top, H);
    const depth = (y - top) / (H - top);
    const color = rng.pick(FLOWERS);
    byColor.set(color, (byColor.get(color) ?? "") + dot(rng.float(0, W), y, (1.5 + 6 * depth) * s));
  }
  for (const [color, d] of byColor) c.body.push(`<path d="${d}" fill="${lit(c, color)}" opacity="0.9"/>`);
}

function vignette(c: Canvas): void {
  const { W, H, p } = c;
  c.body.push(
    rect(
      0,
      0,
      W,
      H,
      radial(c, W / 2, H * 0.48, Math.hypot(W, H) * 0.55, [
        [0.5, "#000000", 0],
        [1, "#000000", p.vignette],
      ]),
    ),
  );
}

/** A wooden ceremony arch draped in fabric and flowers. */
function ceremonyArch(c: Canvas, x: number, y: number, h: number): void {
  const { rng } = c;
  const w = h * 0.75;
  const wood = lit(c, "#6b4a2f");
  const post = h * 0.05;
  c.body.push(
    rect(x - w / 2, y - h, post, h, wood),
    rect(x + w / 2 - post, y - h, post, h, wood),
    rect(x - w / 2 - post, y - h, w + 2 * post, post * 1.2, wood),
    `<path d="M${f(x - w / 2 + post)} ${f(y - h + post)}Q${f(x - w * 0.3)} ${f(y - h * 0.6)} ${f(x - w * 0.18)} ${f(y - h + post)}Z" fill="${lit(c, "#fbf7ef")}" opacity="0.9"/>`,
    `<path d="M${f(x + w / 2 - post)} ${f(y - h + post)}Q${f(x + w * 0.3)} ${f(y - h * 0.6)} ${f(x + w * 0.18)} ${f(y - h + post)}Z" fill="${lit(c, "#fbf7ef")}" opacity="0.9"/>`,
  );
  flowerCluster(c, x - w / 2, y - h, h * 0.16, rng.int(10, 16));
  flowerCluster(c, x + w / 2, y - h, h * 0.14, rng.int(8, 14));
}

function flowerCluster(c: Canvas, x: number, y: number, r: number, n: number): void {
  const { rng } = c;
  let leaves = "";
  for (let i = 0; i < n; i++)
    leaves += dot(x + rng.float(-1.1, 1.1) * r, y + rng.float(-0.6, 0.7) * r, r * rng.float(0.25, 0.4));
  c.body.push(`<path d="${leaves}" fill="${lit(c, "#4d6b3a")}"/>`);
  const colors = rng.sample(["#fdfaf4", "#f3c9d4", "#e8a0ad", "#b4656f", "#f6e3c5"], 3);
  for (const color of colors) {
    let d = "";
    for (let i = 0; i < n / 2; i++)
      d += dot(x + rng.float(-r, r), y + rng.float(-0.5, 0.5) * r, r * rng.float(0.18, 0.3));
    c.body.push(`<path d="${d}" fill="${lit(c, color)}"/>`);
  }
}

/** Rows of white ceremony chairs either side of an aisle, shrinking toward the arch. */
function chairs(c: Canvas, cx: number, top: number, bottom: number, rows: number): void {
  const { rng, W, s: scale } = c;
  let d = "";
  let bows = "";
  for (let r = 0; r < rows; r++) {
    const t = (r + 1) / rows;
    const y = top + (bottom - top) * t ** 1.4;
    const size = (6 + 34 * t ** 1.4) * scale;
    const aisle = (0.02 + 0.09 * t) * W;
    const perSide = rng.int(3, 4);
    for (const side of [-1, 1]) {
      for (let k = 0; k < perSide; k++) {
        const x = cx + side * (aisle + k * size * 1.5);
        // Seen from behind, as the guests see them: posts, ladder slats and the seat.
        const bar = (dy: number, h: number) =>
          `M${f(x - size / 2)} ${f(y - dy)}h${f(size)}v${f(h)}h${f(-size)}Z`;
        d += `M${f(x - size / 2)} ${f(y)}v${f(-size * 1.2)}h${f(size * 0.1)}v${f(size * 1.2)}Z`;
        d += `M${f(x + size * 0.4)} ${f(y)}v${f(-size * 1.2)}h${f(size * 0.1)}v${f(size * 1.2)}Z`;
        d +=
          bar(size * 1.2, size * 0.14) +
          bar(size * 0.95, size * 0.07) +
          bar(size * 0.75, size * 0.07) +
          bar(size * 0.5, size * 0.12);
        if (k === 0) bows += dot(x - (side * size) / 2, y - size * 0.9, size * 0.16);
      }
    }
  }
  c.body.push(
    `<path d="${d}" fill="${lit(c, "#f7f3ea")}"/>`,
    `<path d="${bows}" fill="${lit(c, "#e8a0ad")}"/>`,
  );
}

/** A grid of windows; lit ones glow with the evening light, the others reflect the sky. */
function windows(
  c: Canvas,
  x: number,
  y: number,
  cols: number,
  rows: number,
  w: number,
  h: number,
  gapX: number,
  gapY: number,
  arched = false,
): void {
  const { rng, p } = c;
  let on = "";
  let off = "";
  for (let r = 0; r < rows; r++) {
    for (let k = 0; k < cols; k++) {
      const wx = x + k * (w + gapX);
      const wy = y + r * (h + gapY);
      const d = arched ? archPath(wx, wy, w, h) : `M${f(wx)} ${f(wy)}h${f(w)}v${f(h)}h${f(-w)}Z`;
      if (rng.chance(p.windowsLit)) on += d;
      else off += d;
    }
  }
  c.body.push(
    `<path d="${off}" fill="${mix(p.sky[0], "#1b2330", isDark(p) ? 0.6 : 0.35)}"/>`,
    `<path d="${on}" fill="${p.light}"/>`,
  );
}

// ---------------------------------------------------------------------------------------------
// Scenes
// ---------------------------------------------------------------------------------------------
function mountainScene(c: Canvas, opts: { lodge?: boolean }): void {
  const { rng, W, H, s } = c;
  const horizon = H * rng.float(0.5, 0.62);
  sky(c, horizon);
  const layers = rng.int(3, 5);
  const ridges = mountainLayers(c, horizon, layers, rng.float(0.26, 0.36), true);
  const near = ridges[ridges.length - 1];
  forest(c, near, 14, 34, 1.4, mix(c.p.near, CONIFER, 0.3));
  const ground = meadow(c, horizon + (H - horizon) * rng.float(0.45, 0.6), H * 0.06, 0.5);
  const lodgeX = rng.float(0.3, 0.7) * W;
  if (opts.lodge) lodge(c, lodgeX, ground.yAt(W / 2) + 4 * s, rng.float(0.2, 0.28) * H);
  const front = meadow(c, horizon + (H - horizon) * rng.float(0.75, 0.85), H * 0.05, 1);
  // Beside the lodge, never in front of it.
  const x = opts.lodge ? lodgeX + (lodgeX < W / 2 ? 0.3 : -0.3) * W : rng.float(0.25, 0.75) * W;
  if (!opts.lodge || rng.chance(0.4)) ceremonyArch(c, x, front.yAt(x) + 40 * s, rng.float(0.24, 0.32) * H);
  wildflowers(c, front.top, 160);
  edgeTrees(c);
}

/** Tall spruces at one or both edges frame the picture like a photographer would. */
function edgeTrees(c: Canvas): void {
  const { rng, W, H, s } = c;
  let d = "";
  for (const side of rng.sample([0, 1], rng.int(1, 2))) {
    for (let i = 0; i < rng.int(2, 4); i++) {
      const x = side === 0 ? rng.float(-0.04, 0.1) * W : rng.float(0.9, 1.04) * W;
      d += spruce(rng, x, H + 10 * s, rng.float(0.45, 0.85) * H);
    }
  }
  c.body.push(`<path d="${d}" fill="${mix(CONIFER, c.p.near, 0.5)}"/>`);
}

function lodge(c: Canvas, x: number, y: number, h: number): void {
  const { rng, season, p } = c;
  const w = h * 1.6;
  const wall = lit(c, "#7a5234");
  const roof = season === "winter" ? lit(c, "#eef2f6") : lit(c, "#3b3430");
  const gable = w * 0.4;
  c.body.push(
    rect(x - w / 2, y - h * 0.5, w, h * 0.5, wall),
    rect(x + w * 0.3, y - h * 0.95, w * 0.06, h * 0.6, lit(c, "#8d8a85")),
    `<path d="${poly([
      [x - w / 2 - 10, y - h * 0.48],
      [x - w / 2 + w * 0.1, y - h * 0.72],
      [x + w / 2 - w * 0.1, y - h * 0.72],
      [x + w / 2 + 10, y - h * 0.48],
    ])}" fill="${roof}"/>`,
    `<path d="${poly([
      [x - gable / 2, y - h * 0.45],
      [x, y - h],
      [x + gable / 2, y - h * 0.45],
    ])}" fill="${wall}"/>`,
    `<path d="${poly([
      [x - gable / 2 - 8, y - h * 0.43],
      [x, y - h - 6],
      [x + gable / 2 + 8, y - h * 0.43],
      [x + gable / 2, y - h * 0.43],
      [x, y - h + 8],
      [x - gable / 2, y - h * 0.43],
    ])}" fill="${roof}"/>`,
    `<path d="${poly([
      [x - gable * 0.36, y - h * 0.08],
      [x - gable * 0.36, y - h * 0.46],
      [x, y - h * 0.86],
      [x + gable * 0.36, y - h * 0.46],
      [x + gable * 0.36, y - h * 0.08],
    ])}" fill="${isDark(p) ? p.light : mix(p.sky[1], "#2a3340", 0.45)}"/>`,
  );
  let mullions = "";
  for (let k = -2; k <= 2; k++)
    mullions += `M${f(x + (k * gable * 0.36) / 2.5)} ${f(y - h * 0.08)}V${f(y - h * 0.86 + Math.abs(k) * h * 0.13)}`;
  c.body.push(
    `<path d="${mullions}M${f(x - gable * 0.36)} ${f(y - h * 0.3)}H${f(x + gable * 0.36)}" stroke="${wall}" stroke-width="${f(h * 0.015)}"/>`,
  );
  windows(c, x - w * 0.46, y - h * 0.36, 2, 1, w * 0.08, h * 0.16, w * 0.04, 0);
  windows(c, x + w * 0.24, y - h * 0.36, 2, 1, w * 0.08, h * 0.16, w * 0.04, 0);
  if (rng.chance(0.6)) c.body.push(rect(x - w / 2, y - h * 0.06, w, h * 0.06, lit(c, "#5a3d27")));
}

/** Barn walls stay barn red, from fresh to weathered (many demo barns are called "The Red Barn");
 *  ranch buildings may be stained wood, brick red or whitewashed. */
const BARN_WALLS = ["#9c2f25", "#a63a2b", "#8e2a22", "#b5452f", "#7d2a22", "#a04a35"];
const RANCH_WALLS = ["#8a5a3c", "#7d6b5a", "#9c3b2e", "#5e4634", "#a67b50", "#e6dfd0"];

/**
 * A barn (or ranch house) in the country. Each picture varies the viewpoint (a wide valley or the
 * barn close up), where the barn stands, its paint, and what is in front of it: a fence with
 * wildflowers, a ceremony set up on the grass, hay bales, or a long table under string lights.
 */
function farmScene(c: Canvas, opts: { ranch?: boolean }): void {
  const { rng, W, H, s } = c;
  const close = rng.chance(0.35);
  const horizon = H * (close ? rng.float(0.36, 0.46) : rng.float(0.46, 0.6));
  sky(c, horizon);
  mountainLayers(c, horizon, rng.int(1, 3), rng.float(0.08, close ? 0.14 : 0.2), rng.chance(0.7));
  const far = meadow(c, horizon + H * 0.02, H * 0.05, 0.1);
  if (rng.chance(0.7))
    forest(c, far, 10, 22, 0.6, mix(CONIFER, c.p.far, 0.35), rng.float(0, 0.3) * W, rng.float(0.5, 1) * W);
  const mid = meadow(c, horizon + (H - horizon) * (close ? 0.5 : 0.35), H * 0.07, 0.45);
  const bx = rng.float(0.18, 0.82) * W;
  const bh = (close ? rng.float(0.34, 0.46) : rng.float(0.14, 0.28)) * H * (opts.ranch ? 0.75 : 1);
  for (let i = 0; i < rng.int(1, 4); i++)
    leafyTree(
      c,
      bx + rng.pick([-1, 1]) * rng.float(0.12, 0.4) * W,
      mid.yAt(bx) + 6 * s,
      rng.float(0.18, 0.32) * H,
    );
  barn(c, bx, mid.yAt(bx) + 10 * s, bh, rng.pick(opts.ranch ? RANCH_WALLS : BARN_WALLS));
  const near = meadow(c, horizon + (H - horizon) * (close ? 0.8 : 0.7), H * 0.06, 0.8);
  const foreground = rng.weighted([
    ["fence", 3],
    ["ceremony", 2],
    ["bales", 2],
    ["table", 1],
  ] as const);
  if (opts.ranch || foreground === "bales") {
    let d = "";
    for (let i = 0; i < rng.int(3, 6); i++) {
      const x = rng.float(0.05, 0.95) * W;
      const r = rng.float(24, 40) * s * (foreground === "bales" ? 1.6 : 1);
      const y = mid.yAt(x) + (near.yAt(x) - mid.yAt(x)) * rng.float(0.3, 0.9);
      d += dot(x, y - r, r);
    }
    c.body.push(
      `<path d="${d}" fill="${lit(c, "#c9a25a")}" stroke="${lit(c, "#9a7a3f")}" stroke-width="${f(3 * s)}"/>`,
    );
  }
  if (foreground === "fence" || opts.ranch) fence(c, near, opts.ranch ? 3 : 2);
  wildflowers(c, near.top, foreground === "fence" ? 140 : 60);
  if (foreground === "ceremony") {
    const ax = bx < W / 2 ? rng.float(0.6, 0.8) * W : rng.float(0.2, 0.4) * W;
    ceremonyArch(c, ax, near.yAt(ax) + 10 * s, rng.float(0.22, 0.3) * H);
    chairs(c, ax, near.yAt(ax) + 20 * s, H + 20 * s, rng.int(3, 5));
  } else if (foreground === "table") {
    dinnerTable(c, rng.float(0.35, 0.65) * W, H * rng.float(0.86, 0.94), W * rng.float(0.5, 0.8));
    stringLights(c, -20, H * 0.08, W + 20, H * 0.12, H * 0.14, 20, 5 * s);
  }
  if (opts.ranch && rng.chance(0.6)) ranchGate(c, rng.float(0.42, 0.58) * W, H + 10 * s, H * 0.72);
  else if (rng.chance(0.5)) edgeTrees(c);
}

function barn(c: Canvas, x: number, y: number, h: number, red: string): void {
  const { rng, season, p } = c;
  const w = h * 1.05;
  const wall = lit(c, red);
  const shade = mix(wall, "#1a1010", 0.3);
  const roof = season === "winter" ? lit(c, "#f1f4f7") : lit(c, "#4a4746");
  const trim = lit(c, "#f4efe4");
  const eave = y - h * 0.5;
  const side = rng.chance(0.5) ? 1 : -1;
  // Lean-to shed on one side, behind the gable end.
  c.body.push(
    `<path d="${poly([
      [x + side * w * 0.45, eave + h * 0.12],
      [x + side * w * 0.95, eave + h * 0.22],
      [x + side * w * 0.95, y],
      [x + side * w * 0.45, y],
    ])}" fill="${shade}"/>`,
    `<path d="${poly([
      [x + side * w * 0.42, eave + h * 0.08],
      [x + side * w * 1.0, eave + h * 0.2],
      [x + side * w * 1.0, eave + h * 0.25],
      [x + side * w * 0.42, eave + h * 0.14],
    ])}" fill="${roof}"/>`,
  );
  if (rng.chance(0.45)) {
    const sx = x - side * w * 0.75;
    c.body.push(
      rect(sx - w * 0.12, y - h * 1.05, w * 0.24, h * 1.05, lit(c, "#b9b4aa")),
      `<path d="M${f(sx - w * 0.12)} ${f(y - h * 1.05)}a${f(w * 0.12)} ${f(w * 0.1)} 0 0 1 ${f(w * 0.24)} 0Z" fill="${lit(c, "#8d8f91")}"/>`,
    );
  }
  c.body.push(
    `<path d="${poly([
      [x - w / 2, y],
      [x - w / 2, eave],
      [x - w * 0.38, eave - h * 0.28],
      [x, eave - h * 0.45],
      [x + w * 0.38, eave - h * 0.28],
      [x + w / 2, eave],
      [x + w / 2, y],
    ])}" fill="${wall}"/>`,
    `<path d="M${f(x - w / 2 - 6)} ${f(eave + 4)}L${f(x - w * 0.38)} ${f(eave - h * 0.28)}L${f(x)} ${f(eave - h * 0.45)}L${f(x + w * 0.38)} ${f(eave - h * 0.28)}L${f(x + w / 2 + 6)} ${f(eave + 4)}" fill="none" stroke="${roof}" stroke-width="${f(h * 0.05)}" stroke-linejoin="round"/>`,
  );
  const dw = w * 0.42;
  const dh = h * 0.42;
  const door = `M${f(x - dw / 2)} ${f(y)}v${f(-dh)}h${f(dw)}v${f(dh)}Z`;
  const crosses =
    `M${f(x - dw / 2)} ${f(y - dh)}L${f(x)} ${f(y)}M${f(x)} ${f(y - dh)}L${f(x - dw / 2)} ${f(y)}` +
    `M${f(x)} ${f(y - dh)}L${f(x + dw / 2)} ${f(y)}M${f(x + dw / 2)} ${f(y - dh)}L${f(x)} ${f(y)}M${f(x)} ${f(y - dh)}V${f(y)}`;
  const loft = `M${f(x - w * 0.09)} ${f(eave - h * 0.2)}h${f(w * 0.18)}v${f(h * 0.18)}h${f(-w * 0.18)}Z`;
  const glowing = isDark(p) && rng.chance(0.8);
  c.body.push(
    `<path d="${door}" fill="${glowing ? p.light : shade}"/>`,
    `<path d="${loft}" fill="${glowing ? p.light : shade}"/>`,
    `<path d="${door}${loft}${glowing ? "" : crosses}" fill="none" stroke="${trim}" stroke-width="${f(h * 0.018)}"/>`,
    `<path d="M${f(x - w / 2)} ${f(y)}V${f(eave)}L${f(x - w * 0.38)} ${f(eave - h * 0.28)}L${f(x)} ${f(eave - h * 0.45)}L${f(x + w * 0.38)} ${f(eave - h * 0.28)}L${f(x + w / 2)} ${f(eave)}V${f(y)}" fill="none" stroke="${trim}" stroke-width="${f(h * 0.02)}"/>`,
  );
  if (glowing)
    stringLights(c, x - w * 0.9, eave + h * 0.1, x + w * 0.9, eave + h * 0.1, h * 0.12, 18, h * 0.012);
}

function fence(c: Canvas, r: Ridge, rails: number): void {
  const { rng, W, s } = c;
  const wood = lit(c, "#5c4632");
  const offset = rng.float(20, 50) * s;
  let posts = "";
  let rail = "";
  const step = rng.float(70, 110) * s;
  for (let x = -20; x < W + step; x += step) {
    const y = r.yAt(x) + offset;
    posts += `M${f(x - 3 * s)} ${f(y + 8 * s)}v${f(-50 * s)}h${f(6 * s)}v${f(50 * s)}Z`;
  }
  for (let k = 0; k < rails; k++) {
    rail += `M-20 ${f(r.yAt(-20) + offset - (12 + k * 14) * s)}`;
    for (let x = 0; x < W + 40; x += 40) rail += `L${x} ${f(r.yAt(x) + offset - (12 + k * 14) * s)}`;
  }
  c.body.push(
    `<path d="${rail}" fill="none" stroke="${wood}" stroke-width="${f(4 * s)}"/>`,
    `<path d="${posts}" fill="${wood}"/>`,
  );
}

/** A log ranch gate framing the view, its sign board left blank. */
function ranchGate(c: Canvas, x: number, y: number, h: number): void {
  const { W, s } = c;
  const wood = mix(lit(c, "#4a3626"), c.p.near, 0.4);
  const span = W * 0.72;
  const post = 26 * s;
  c.body.push(
    rect(x - span / 2 - post / 2, y - h, post, h, wood),
    rect(x + span / 2 - post / 2, y - h, post, h, wood),
    rect(x - span / 2 - post, y - h + 20 * s, span + 2 * post, post * 0.9, wood),
    `<path d="M${f(x - span * 0.14)} ${f(y - h + 44 * s)}v${f(30 * s)}M${f(x + span * 0.14)} ${f(y - h + 44 * s)}v${f(30 * s)}" stroke="${wood}" stroke-width="${f(3 * s)}"/>`,
    rect(
      x - span * 0.17,
      y - h + 74 * s,
      span * 0.34,
      56 * s,
      mix(wood, "#c7a27a", 0.25),
      ` rx="${f(4 * s)}"`,
    ),
  );
}

function gardenScene(c: Canvas, opts: { manor?: boolean }): void {
  const { rng, W, H, s } = c;
  const horizon = H * rng.float(0.5, 0.6);
  sky(c, horizon);
  if (rng.chance(0.6)) mountainLayers(c, horizon, 2, rng.float(0.08, 0.16), true);
  const lawnTop = horizon + H * 0.03;
  const cx = rng.float(0.38, 0.62) * W;
  if (opts.manor)
    manor(
      c,
      cx + (cx < W / 2 ? 1 : -1) * rng.float(0.22, 0.3) * W,
      lawnTop + 0.06 * H,
      rng.float(0.24, 0.3) * H,
    );
  else treeLine(c, lawnTop + 10 * s);
  const [far, near] = MEADOW[c.season === "winter" ? "summer" : c.season];
  const lawn = lit(c, mix(far, near, 0.35));
  const lawnY = opts.manor ? lawnTop + 0.06 * H : lawnTop;
  c.body.push(
    rect(
      0,
      lawnY,
      W,
      H - lawnY,
      vgrad(c, lawnY, H, [
        [0, lawn],
        [1, mix(lawn, "#1c2616", 0.4)],
      ]),
    ),
  );
  hedges(c, lawnY);
  const spotY = lawnY + (H - lawnY) * rng.float(0.2, 0.3);
  const path = () =>
    c.body.push(
      `<path d="${poly([
        [cx - 0.012 * W, spotY],
        [cx + 0.012 * W, spotY],
        [cx + 0.07 * W, H],
        [cx - 0.07 * W, H],
      ])}" fill="${lit(c, "#e6dccb")}"/>`,
    );
  const layout = rng.weighted([
    ["ceremony", 3],
    ["gazebo", 1],
    ["dinner", 1],
  ] as const);
  if (layout === "ceremony") {
    path();
    gardenArch(c, cx, spotY, rng.float(0.3, 0.38) * H);
    if (!opts.manor || rng.chance(0.4)) chairs(c, cx, spotY, H * 1.04, rng.int(5, 7));
  } else if (layout === "gazebo") {
    path();
    gazebo(c, cx, spotY, rng.float(0.3, 0.36) * H);
  } else {
    dinnerTable(c, W / 2, lawnY + (H - lawnY) * rng.float(0.45, 0.6), rng.float(0.6, 0.8) * W);
  }
  for (const side of [-1, 1]) {
    const bx = cx + side * rng.float(0.32, 0.45) * W;
    flowerCluster(c, bx, H - rng.float(0.02, 0.1) * H, rng.float(0.09, 0.14) * H, 26);
  }
}

/** Two staggered rows of broadleaf and evergreen trees with gaps, so the edge of the lawn is not a wall. */
function treeLine(c: Canvas, y: number): void {
  const { rng, W, H, s } = c;
  for (const row of [0, 1]) {
    for (let x = rng.float(-40, 20) * s; x < W + 40; x += rng.float(50, 140) * s) {
      if (rng.chance(0.15)) continue;
      const h = rng.float(0.1, 0.28) * H * (row === 0 ? 1.1 : 0.85);
      if (rng.chance(0.25))
        c.body.push(`<path d="${spruce(rng, x, y + row * 6 * s, h * 1.2)}" fill="${lit(c, CONIFER)}"/>`);
      else leafyTree(c, x, y + row * 6 * s, h);
    }
  }
}

function hedges(c: Canvas, y: number): void {
  const { rng, W, s } = c;
  let d = `M-20 ${f(y + 24 * s)}`;
  for (let x = -20; x < W + 40; x += 40 * s)
    d += `Q${f(x + 20 * s)} ${f(y - rng.float(4, 14) * s)} ${f(x + 40 * s)} ${f(y + 2 * s)}`;
  d += `L${W + 40} ${f(y + 24 * s)}Z`;
  c.body.push(`<path d="${d}" fill="${lit(c, "#34522f")}"/>`);
}

/** A white garden gazebo: platform, posts with a railing, and a bell roof with a finial. */
function gazebo(c: Canvas, x: number, y: number, h: number): void {
  const w = h * 0.8;
  const white = lit(c, "#f4f0e8");
  const shade = mix(white, "#5a5048", 0.25);
  const roof = lit(c, c.rng.pick(["#5b6a6e", "#f4f0e8", "#7a4a3e"]));
  const eave = y - h * 0.62;
  let posts = "";
  for (let k = 0; k < 4; k++)
    posts += rect(x - w * 0.45 + (k * w * 0.9) / 3 - h * 0.015, eave, h * 0.03, h * 0.58, white);
  c.body.push(
    rect(x - w * 0.55, y - h * 0.06, w * 1.1, h * 0.06, shade),
    rect(x - w * 0.45, eave, w * 0.9, h * 0.58, mix(c.p.near, "#000000", 0.2), ` opacity="0.35"`),
    posts,
    rect(x - w * 0.45, y - h * 0.2, w * 0.9, h * 0.02, white),
    `<path d="M${f(x - w * 0.6)} ${f(eave)}Q${f(x - w * 0.1)} ${f(eave - h * 0.08)} ${f(x)} ${f(eave - h * 0.32)}Q${f(x + w * 0.1)} ${f(eave - h * 0.08)} ${f(x + w * 0.6)} ${f(eave)}Z" fill="${roof}"/>`,
    rect(x - w * 0.6, eave, w * 1.2, h * 0.04, white),
    circle(x, eave - h * 0.34, h * 0.02, white),
  );
  flowerCluster(c, x - w * 0.45, eave + h * 0.05, h * 0.07, 10);
  flowerCluster(c, x + w * 0.45, eave + h * 0.05, h * 0.07, 10);
}

/** A long reception table laid for dinner, chair backs behind it and café lights above. */
function dinnerTable(c: Canvas, x: number, y: number, w: number): void {
  const { rng, H, W, s, p } = c;
  const th = 80 * s;
  let chairBacks = "";
  for (let cx = x - w / 2 + 30 * s; cx < x + w / 2 - 20 * s; cx += 56 * s) {
    chairBacks += `M${f(cx - 16 * s)} ${f(y - th * 0.5)}v${f(-80 * s)}h${f(32 * s)}v${f(80 * s)}h${f(-6 * s)}v${f(-68 * s)}h${f(-20 * s)}v${f(68 * s)}Z`;
  }
  let scallops = `M${f(x - w / 2)} ${f(y)}`;
  for (let k = 0; k < 24; k++) scallops += `q${f(w / 48)} ${f(8 * s)} ${f(w / 24)} 0`;
  let candles = "";
  let flames = "";
  for (let k = 0; k < 9; k++) {
    const cx = x - w * 0.42 + (k * w * 0.84) / 8;
    candles += `M${f(cx - 3 * s)} ${f(y - th - 4 * s)}h${f(6 * s)}v${f(-22 * s)}h${f(-6 * s)}Z`;
    flames += dot(cx, y - th - 30 * s, 4 * s);
  }
  c.body.push(
    `<path d="${chairBacks}" fill="${lit(c, rng.pick(["#f4f0e8", "#b98a5a", "#d8c3a0"]))}"/>`,
    rect(x - w / 2, y - th, w, th, lit(c, "#fbf8f2")),
    `<path d="${scallops}V${f(y - th * 0.3)}H${f(x - w / 2)}Z" fill="${lit(c, "#efe8dc")}"/>`,
    rect(x - w / 2, y - th - 4 * s, w, 8 * s, lit(c, "#f6f1e8")),
    `<path d="${candles}" fill="${lit(c, "#fff8e8")}"/>`,
    `<path d="${flames}" fill="${p.light}"/>`,
  );
  for (let k = 0; k < 5; k++) flowerCluster(c, x - w * 0.38 + (k * w * 0.76) / 4, y - th - 2 * s, 22 * s, 8);
  stringLights(c, -20, H * 0.06, W + 20, H * 0.1, H * 0.16, 22, 5 * s);
}

function gardenArch(c: Canvas, x: number, y: number, h: number): void {
  const { rng, s } = c;
  const w = h * 0.62;
  const metal = lit(c, rng.pick(["#f2eee6", "#3b3a36", "#7a5a3a"]));
  const sw = 9 * s;
  if (rng.chance(0.5)) {
    c.body.push(
      `<path d="M${f(x - w / 2)} ${f(y)}V${f(y - h + w / 2)}A${f(w / 2)} ${f(w / 2)} 0 0 1 ${f(x + w / 2)} ${f(y - h + w / 2)}V${f(y)}" fill="none" stroke="${metal}" stroke-width="${f(sw)}"/>`,
    );
  } else {
    c.body.push(
      `<path d="M${f(x - w / 2)} ${f(y)}V${f(y - h * 0.85)}L${f(x)} ${f(y - h)}L${f(x + w / 2)} ${f(y - h * 0.85)}V${f(y)}" fill="none" stroke="${metal}" stroke-width="${f(sw)}" stroke-linejoin="round"/>`,
    );
  }
  for (let i = 0; i < 9; i++) {
    const a = Math.PI * (i / 8);
    flowerCluster(c, x - Math.cos(a) * w * 0.5, y - h + w / 2 - Math.sin(a) * w * 0.5, h * 0.07, 8);
  }
  flowerCluster(c, x - w / 2, y - h * 0.35, h * 0.08, 10);
  flowerCluster(c, x + w / 2, y - h * 0.2, h * 0.09, 12);
}

function manor(c: Canvas, x: number, y: number, h: number): void {
  const { rng } = c;
  const w = h * rng.float(2.4, 3);
  const wall = lit(c, rng.pick(["#e9dfcb", "#d9c7a8", "#b86d4b", "#efe9dd"]));
  const trim = lit(c, "#f7f3ea");
  const roof = lit(c, rng.pick(["#4b5058", "#5a4a44", "#3f4a4d"]));
  const wing = w * 0.3;
  c.body.push(
    `<path d="${poly([
      [x - w / 2 - 8, y - h * 0.62],
      [x - w / 2 + 20, y - h * 0.85],
      [x + w / 2 - 20, y - h * 0.85],
      [x + w / 2 + 8, y - h * 0.62],
    ])}" fill="${roof}"/>`,
    rect(x - w / 2, y - h * 0.62, w, h * 0.62, wall),
    rect(x - w / 2 + wing, y - h * 0.8, w - 2 * wing, h * 0.8, mix(wall, "#ffffff", 0.08)),
    `<path d="${poly([
      [x - w / 2 + wing - 10, y - h * 0.8],
      [x, y - h * 1.02],
      [x + w / 2 - wing + 10, y - h * 0.8],
    ])}" fill="${trim}"/>`,
  );
  const ww = w * 0.035;
  windows(c, x - w / 2 + w * 0.04, y - h * 0.52, 3, 2, ww, h * 0.16, w * 0.045, h * 0.08);
  windows(c, x + w / 2 - wing + w * 0.04, y - h * 0.52, 3, 2, ww, h * 0.16, w * 0.045, h * 0.08);
  let cols = "";
  for (let k = 0; k < 4; k++)
    cols += rect(x - w * 0.12 + k * w * 0.08, y - h * 0.72, w * 0.018, h * 0.72, trim);
  c.body.push(cols);
  windows(c, x - w * 0.09, y - h * 0.66, 3, 1, ww, h * 0.2, w * 0.045, 0, true);
}

function lakeScene(c: Canvas): void {
  const { rng, W, H, s, p } = c;
  const horizon = H * rng.float(0.46, 0.56);
  sky(c, horizon);
  const ridges = mountainLayers(c, horizon, rng.int(2, 3), rng.float(0.2, 0.3), true);
  const shore = ridge(c, horizon + 2, H * 0.02, 0.4, 4);
  forest(c, shore, 8, 20, 1.2, mix(CONIFER, p.near, 0.5));
  const water = vgrad(c, horizon, H, [
    [0, mix(p.sky[2], p.sky[1], 0.3)],
    [0.5, mix(p.sky[1], p.near, 0.35)],
    [1, mix(p.sky[0], p.near, 0.45)],
  ]);
  c.body.push(rect(0, horizon, W, H - horizon, water));
  // Reflections: the ranges mirrored about the waterline, faint.
  c.body.push(
    `<g transform="translate(0 ${f(2 * horizon)}) scale(1 -1)" opacity="0.28">${ridges.map((r) => `<path d="${r.d}" fill="${p.far}"/>`).join("")}</g>`,
  );
  let shimmer = "";
  for (let i = 0; i < 70; i++) {
    const y = rng.float(horizon + 4, H);
    const len = rng.float(20, 120) * s * (0.3 + (y - horizon) / (H - horizon));
    shimmer += `M${f(rng.float(0, W))} ${f(y)}h${f(len)}`;
  }
  c.body.push(
    `<path d="${shimmer}" stroke="${p.sun ? p.sun.glow : "#dfe6ff"}" stroke-width="${f(1.5 * s)}" opacity="0.45"/>`,
  );
  // In front: a dock out to an arch, a lawn set for the ceremony, or open water with a canoe.
  const foreground = rng.weighted([
    ["dock", 4],
    ["lawn", 3],
    ["canoe", 2],
  ] as const);
  if (foreground === "canoe" || rng.chance(0.5))
    boathouse(c, rng.float(0.15, 0.85) * W, horizon + 3 * s, rng.float(0.05, 0.08) * H);
  if (foreground === "dock") {
    dock(c, rng.float(0.35, 0.65) * W, horizon + (H - horizon) * rng.float(0.3, 0.45));
  } else if (foreground === "lawn") {
    const lawn = meadow(c, horizon + (H - horizon) * rng.float(0.45, 0.6), H * 0.04, 0.7);
    const ax = rng.float(0.3, 0.7) * W;
    ceremonyArch(c, ax, lawn.yAt(ax) + 24 * s, rng.float(0.2, 0.28) * H);
    chairs(c, ax, lawn.yAt(ax) + 34 * s, H + 20 * s, rng.int(3, 5));
    wildflowers(c, lawn.top, 70);
  } else {
    canoe(
      c,
      rng.float(0.25, 0.75) * W,
      horizon + (H - horizon) * rng.float(0.45, 0.7),
      rng.float(0.16, 0.24) * W,
    );
  }
  let reeds = "";
  for (let i = 0; i < 60; i++) {
    const x = rng.chance(0.5) ? rng.float(-0.02, 0.18) * W : rng.float(0.82, 1.02) * W;
    const h = rng.float(30, 110) * s;
    reeds += `M${f(x)} ${f(H + 5)}q${f(rng.float(-10, 10) * s)} ${f(-h / 2)} ${f(rng.float(-20, 20) * s)} ${f(-h)}`;
  }
  c.body.push(`<path d="${reeds}" stroke="${lit(c, "#4d5a2e")}" stroke-width="${f(4 * s)}" fill="none"/>`);
}

/** A canoe resting on the water, with its dark reflection. */
function canoe(c: Canvas, x: number, y: number, w: number): void {
  const hull = lit(c, c.rng.pick(["#a8452f", "#2f5d62", "#c9a25a", "#7a2e3a"]));
  const d = `M${f(x - w / 2)} ${f(y)}Q${f(x)} ${f(y + w * 0.14)} ${f(x + w / 2)} ${f(y)}Q${f(x)} ${f(y + w * 0.05)} ${f(x - w / 2)} ${f(y)}Z`;
  c.body.push(
    `<path d="M${f(x - w / 2)} ${f(y + w * 0.02)}Q${f(x)} ${f(y + w * 0.2)} ${f(x + w / 2)} ${f(y + w * 0.02)}Z" fill="#000000" opacity="0.25"/>`,
    `<path d="${d}" fill="${hull}"/>`,
    `<path d="M${f(x - w / 2)} ${f(y)}Q${f(x)} ${f(y + w * 0.05)} ${f(x + w / 2)} ${f(y)}" fill="none" stroke="${mix(hull, "#000000", 0.4)}" stroke-width="${f(3 * c.s)}"/>`,
  );
}

function boathouse(c: Canvas, x: number, y: number, h: number): void {
  const w = h * 1.6;
  c.body.push(
    rect(x - w / 2, y - h * 0.6, w, h * 0.6, lit(c, "#f2ede2")),
    `<path d="${poly([
      [x - w / 2 - 4, y - h * 0.6],
      [x, y - h],
      [x + w / 2 + 4, y - h * 0.6],
    ])}" fill="${lit(c, "#5b3b32")}"/>`,
  );
  windows(c, x - w * 0.3, y - h * 0.45, 3, 1, w * 0.12, h * 0.25, w * 0.12, 0);
}

/** A plank dock running out from the viewer, narrowing with perspective. */
function dock(c: Canvas, endX: number, endY: number): void {
  const { rng, W, H, s, p } = c;
  const wood = lit(c, "#8a6a4b");
  const nearL = rng.float(0.3, 0.42) * W;
  const nearR = nearL + rng.float(0.22, 0.3) * W;
  const farW = 0.05 * W;
  const pts: [number, number][] = [
    [endX - farW / 2, endY],
    [endX + farW / 2, endY],
    [nearR, H],
    [nearL, H],
  ];
  let posts = "";
  for (let t = 0; t <= 1.001; t += 0.25) {
    const y = endY + (H - endY) * t;
    const lx = endX - farW / 2 + (nearL - endX + farW / 2) * t;
    const rx = endX + farW / 2 + (nearR - endX - farW / 2) * t;
    const pw = (4 + 14 * t) * s;
    posts += `M${f(lx - pw)} ${f(y - 2)}h${f(pw)}v${f(pw * 2.5)}h${f(-pw)}ZM${f(rx)} ${f(y - 2)}h${f(pw)}v${f(pw * 2.5)}h${f(-pw)}Z`;
  }
  let planks = "";
  for (let t = 0.02; t < 1; t += 0.02 + t * 0.05) {
    const y = endY + (H - endY) * t;
    planks += `M${f(endX - farW / 2 + (nearL - endX + farW / 2) * t)} ${f(y)}H${f(endX + farW / 2 + (nearR - endX - farW / 2) * t)}`;
  }
  c.body.push(
    `<path d="${posts}" fill="${mix(wood, "#1d1a17", 0.55)}"/>`,
    `<path d="${poly(pts)}" fill="${vgrad(c, endY, H, [
      [0, mix(wood, p.haze, 0.2)],
      [1, wood],
    ])}"/>`,
    `<path d="${planks}" stroke="${mix(wood, "#2a2018", 0.5)}" stroke-width="${f(1.5 * s)}"/>`,
  );
  if (rng.chance(0.6)) ceremonyArch(c, endX, endY + 4 * s, (endY - H * 0.3) * 0.35 + 40 * s);
  if (isDark(p)) {
    let lanterns = "";
    for (const t of [0.25, 0.55, 0.9]) {
      const y = endY + (H - endY) * t;
      lanterns += dot(endX - farW / 2 + (nearL - endX + farW / 2) * t, y - 10 * s, (3 + 8 * t) * s);
    }
    c.body.push(`<path d="${lanterns}" fill="${p.light}"/>`);
  }
}

/** Café lights hanging in a catenary between two points. */
function stringLights(
  c: Canvas,
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  sag: number,
  bulbs: number,
  r: number,
): void {
  const { p } = c;
  const at = (t: number): [number, number] => [
    x1 + (x2 - x1) * t,
    y1 + (y2 - y1) * t + sag * 4 * t * (1 - t),
  ];
  const [mx, my] = at(0.5);
  const glowId = c.id();
  c.defs.push(
    `<radialGradient id="${glowId}">${stops([
      [0, p.light, 0.6],
      [1, p.light, 0],
    ])}</radialGradient>`,
  );
  let bulbsD = "";
  let glows = "";
  for (let i = 1; i < bulbs; i++) {
    const [x, y] = at(i / bulbs);
    bulbsD += dot(x, y + r * 1.5, r);
    glows += circle(x, y + r * 1.5, r * 5, `url(#${glowId})`);
  }
  c.body.push(
    `<path d="M${f(x1)} ${f(y1)}Q${f(2 * mx - (x1 + x2) / 2)} ${f(2 * my - (y1 + y2) / 2)} ${f(x2)} ${f(y2)}" fill="none" stroke="#1d1a17" stroke-width="${f(r * 0.3)}" opacity="0.7"/>`,
    glows,
    `<path d="${bulbsD}" fill="${mix(p.light, "#ffffff", 0.5)}"/>`,
  );
}

function skylineScene(c: Canvas, opts: { hotel?: boolean }): void {
  const { rng, W, H, s, p } = c;
  const horizon = H * rng.float(0.52, 0.72);
  sky(c, horizon);
  if (rng.chance(0.6)) mountainLayers(c, horizon, rng.int(1, 2), rng.float(0.08, 0.14), true);
  for (const layer of [0, 1]) {
    const color = layer === 0 ? mix(p.far, p.sky[2], 0.25) : mix(p.near, p.far, 0.25);
    let x = -10;
    while (x < W) {
      const w = rng.float(0.035, 0.08) * W;
      const h =
        (layer === 0 ? rng.float(0.08, 0.3) : rng.float(0.1, 0.45)) *
        H *
        (Math.abs(x / W - 0.5) < 0.25 ? 1.3 : 0.85);
      building(c, x, horizon + (layer === 0 ? 0 : 0.04 * H), w, h, color, layer === 0 ? 0.4 : 1);
      x += w + (layer === 0 ? rng.float(0, 8) : rng.float(4, 30)) * s;
    }
  }
  const ground = horizon + 0.04 * H;
  c.body.push(rect(0, ground, W, H - ground, mix(p.near, "#000000", 0.2)));
  let glow = "";
  for (let i = 0; i < 40; i++)
    glow += dot(rng.float(0, W), ground + rng.float(2, 30) * s, rng.float(1.5, 3.5) * s);
  c.body.push(`<path d="${glow}" fill="${p.light}" opacity="0.8"/>`);
  if (opts.hotel) {
    // The hotel's own tower beside the view, on one side, on both, or out of the picture.
    const towers = rng.weighted([
      ["left", 3],
      ["right", 3],
      ["both", 2],
      ["none", 2],
    ] as const);
    const w = (towers === "both" ? rng.float(0.14, 0.2) : rng.float(0.2, 0.36)) * W;
    if (towers === "left" || towers === "both") hotelTower(c, -0.02 * W, w);
    if (towers === "right" || towers === "both") hotelTower(c, W - w + 0.02 * W, w);
  }
  // On the terrace: café lights, a long dinner table, or planted trees along the railing.
  const setting = rng.weighted([
    ["lights", 3],
    ["table", 2],
    ["planters", 2],
  ] as const);
  const depth = opts.hotel ? rng.float(0.12, 0.18) : rng.float(0.16, 0.22);
  terrace(c, depth, setting === "planters" ? rng.int(0, 1) : rng.int(1, 3));
  if (setting === "table")
    dinnerTable(c, rng.float(0.35, 0.65) * W, H * rng.float(0.9, 0.96), W * rng.float(0.45, 0.7));
  if (setting === "planters") {
    const railY = H * (1 - depth);
    for (let x = rng.float(0.04, 0.12) * W; x < W; x += rng.float(0.22, 0.34) * W) {
      leafyTree(c, x, railY - 30 * s, rng.float(0.16, 0.24) * H);
      c.body.push(
        rect(x - 34 * s, railY - 40 * s, 68 * s, 46 * s, lit(c, rng.pick(["#5b4a3c", "#3f4a4f", "#8a6a4f"]))),
      );
    }
  }
}

function building(
  c: Canvas,
  x: number,
  base: number,
  w: number,
  h: number,
  color: string,
  windowScale: number,
): void {
  const { rng, s, p } = c;
  const top = base - h;
  let d = `M${f(x)} ${f(base)}V${f(top)}`;
  const roof = rng.next();
  if (roof < 0.2) d += `L${f(x + w / 2)} ${f(top - w * 0.5)}L${f(x + w)} ${f(top)}`;
  else if (roof < 0.4) d += `H${f(x + w * 0.2)}V${f(top - h * 0.08)}H${f(x + w * 0.8)}V${f(top)}H${f(x + w)}`;
  else if (roof < 0.55) d += `L${f(x + w)} ${f(top - w * 0.35)}`;
  else d += `H${f(x + w)}`;
  d += `V${f(base)}Z`;
  c.body.push(`<path d="${d}" fill="${color}"/>`);
  if (roof < 0.2 && rng.chance(0.6))
    c.body.push(rect(x + w / 2 - 1.5 * s, top - w * 0.5 - 40 * s, 3 * s, 40 * s, color));
  const ww = 5 * s * windowScale + 2 * s;
  const gap = ww * 0.9;
  const cols = Math.max(1, Math.floor((w - gap) / (ww + gap)));
  const rows = Math.max(1, Math.floor((h - gap * 2) / (ww * 1.6 + gap)));
  let on = "";
  const pad = (w - cols * ww - (cols - 1) * gap) / 2;
  for (let r = 0; r < rows; r++) {
    for (let k = 0; k < cols; k++) {
      if (!rng.chance(p.windowsLit * windowScale * 0.6)) continue;
      on += `M${f(x + pad + k * (ww + gap))} ${f(top + gap * 2 + r * (ww * 1.6 + gap))}h${f(ww)}v${f(ww * 1.6)}h${f(-ww)}Z`;
    }
  }
  c.body.push(`<path d="${on}" fill="${p.light}" opacity="${windowScale < 1 ? 0.5 : 0.9}"/>`);
}

function hotelTower(c: Canvas, x: number, w: number): void {
  const { H, s, p, rng } = c;
  const facade = mix(lit(c, rng.pick(["#8c7b6b", "#6d6a73", "#a08a70"])), p.near, 0.35);
  const cols = rng.int(4, 6);
  const rows = rng.int(8, 11);
  const ww = (w * 0.84) / cols / 1.8;
  const pitch = (H * 0.86) / rows;
  c.body.push(rect(x, -10, w, H + 20, facade));
  windows(c, x + w * 0.08 + ww * 0.4, H * 0.04, cols, rows, ww, pitch * 0.62, ww * 0.8, pitch * 0.38);
  let ledges = "";
  for (let r = 0; r < rows; r++) ledges += `M${f(x)} ${f(H * 0.04 + r * pitch + pitch * 0.66)}h${f(w)}`;
  c.body.push(`<path d="${ledges}" stroke="${mix(facade, "#ffffff", 0.15)}" stroke-width="${f(5 * s)}"/>`);
}

/** A rooftop terrace in the foreground: floor, railing and `strands` strings of café lights. */
function terrace(c: Canvas, depth: number, strands: number): void {
  const { rng, W, H, s, p } = c;
  const y = H * (1 - depth);
  c.body.push(
    rect(
      0,
      y,
      W,
      H - y,
      vgrad(c, y, H, [
        [0, mix(p.near, "#3a2f28", 0.4)],
        [1, "#120f0d"],
      ]),
    ),
  );
  let rail = `M0 ${f(y - 60 * s)}H${W}`;
  for (let x = 0; x < W; x += 22 * s) rail += `M${f(x)} ${f(y)}V${f(y - 60 * s)}`;
  c.body.push(`<path d="${rail}" stroke="#15110e" stroke-width="${f(4 * s)}" opacity="0.85"/>`);
  for (let i = 0; i < strands; i++) {
    const y1 = rng.float(0.02, 0.25) * H;
    stringLights(
      c,
      -20,
      y1,
      W + 20,
      y1 + rng.float(-0.1, 0.1) * H,
      rng.float(0.08, 0.2) * H,
      rng.int(14, 22),
      5 * s,
    );
  }
}

function vineyardScene(c: Canvas): void {
  const { rng, W, H, s, p, season } = c;
  const horizon = H * rng.float(0.44, 0.54);
  sky(c, horizon);
  mesa(c, horizon);
  const hill = meadow(c, horizon + H * 0.04, H * 0.05, 0.25);
  for (let i = 0; i < rng.int(3, 7); i++) {
    const x = rng.float(0, W);
    leafyTree(c, x, hill.yAt(x) + 8 * s, rng.float(0.1, 0.16) * H);
  }
  if (rng.chance(0.7))
    winery(c, rng.float(0.15, 0.85) * W, hill.yAt(W / 2) + 0.03 * H, rng.float(0.1, 0.14) * H);
  const top = horizon + H * 0.1;
  const soil = lit(c, season === "winter" ? "#d9dde0" : "#a98d62");
  c.body.push(
    rect(
      0,
      top,
      W,
      H - top,
      vgrad(c, top, H, [
        [0, soil],
        [1, mix(soil, "#2a2116", 0.4)],
      ]),
    ),
  );
  const vx = rng.float(0.3, 0.7) * W;
  const rows = 26;
  const vine = lit(c, season === "autumn" ? "#7d7a2e" : "#3f6a30");
  const accent = lit(c, season === "autumn" ? "#d9a23a" : "#6b9a45");
  let rowsD = "";
  const leaves = ["", ""];
  for (let i = -rows / 2; i <= rows / 2; i++) {
    const fx = vx + i * 0.02 * W;
    const nx = vx + i * 0.3 * W;
    const fw = 1.5 * s;
    const nw = 30 * s;
    rowsD += poly([
      [fx - fw, top],
      [fx + fw, top],
      [nx + nw, H],
      [nx - nw, H],
    ]);
    for (let t = 0.02; t < 1.05; t += 0.008 + t * 0.02) {
      const e = t * t;
      const r = (2 + 36 * e) * s * rng.float(0.7, 1.1);
      const lx = fx + (nx - fx) * e + rng.float(-0.6, 0.6) * (fw + (nw - fw) * e);
      leaves[0] += dot(lx, top + (H - top) * e - r * 0.6, r);
      if (rng.chance(0.35))
        leaves[1] += dot(lx + rng.float(-0.3, 0.3) * r, top + (H - top) * e - r * 1.1, r * 0.45);
    }
  }
  c.body.push(
    `<path d="${rowsD}" fill="${mix(vine, "#16210f", 0.3)}"/>`,
    `<path d="${leaves[0]}" fill="${vine}"/>`,
    `<path d="${leaves[1]}" fill="${accent}" opacity="0.85"/>`,
  );
  if (isDark(p)) stringLights(c, -20, H * 0.1, W + 20, H * 0.14, H * 0.12, 20, 5 * s);
}

/** Flat-topped cliffs like the Book Cliffs and Grand Mesa above Palisade: caprock, cliff face, talus. */
function mesa(c: Canvas, horizon: number): void {
  const { rng, W, H, p } = c;
  const top = horizon - H * rng.float(0.14, 0.22);
  const foot = horizon + 0.1 * H;
  const pts: [number, number][] = [[-20, foot]];
  let x = -20;
  let y = top;
  while (x < W + 20) {
    pts.push([x, y]);
    x += rng.float(0.12, 0.35) * W;
    pts.push([x, y + rng.float(-0.005, 0.005) * H]);
    // A step down or up to the next bench, steep like a real cliff.
    y = Math.min(Math.max(y + rng.float(-0.05, 0.05) * H, top - 0.04 * H), top + 0.05 * H);
    x += rng.float(0.01, 0.025) * W;
  }
  pts.push([W + 20, y], [W + 20, foot]);
  const cap = mix(lit(c, "#dcb994"), p.haze, 0.35);
  const cliff = mix(lit(c, "#ad6f52"), p.haze, 0.3);
  const talus = mix(lit(c, "#8f877b"), p.haze, 0.4);
  const y0 = top - 0.04 * H;
  const y2 = horizon;
  const k = (v: number) => (v - y0) / (y2 - y0);
  c.body.push(
    `<path d="${poly(pts)}" fill="${vgrad(c, y0, y2, [
      [0, cap],
      [k(top + 0.01 * H), cap],
      [k(top + 0.02 * H), cliff],
      [0.55, mix(cliff, talus, 0.3)],
      [0.62, talus],
      [1, mix(talus, p.haze, 0.35)],
    ])}"/>`,
  );
}

function winery(c: Canvas, x: number, y: number, h: number): void {
  const w = h * 2;
  const wall = lit(c, c.rng.pick(["#e7d8bf", "#d8c1a0", "#cbb59a"]));
  c.body.push(
    rect(x - w / 2, y - h * 0.6, w, h * 0.6, wall),
    `<path d="${poly([
      [x - w / 2 - 8, y - h * 0.6],
      [x - w / 2 + w * 0.15, y - h],
      [x + w / 2 - w * 0.15, y - h],
      [x + w / 2 + 8, y - h * 0.6],
    ])}" fill="${lit(c, "#a4553a")}"/>`,
  );
  windows(c, x - w * 0.4, y - h * 0.45, 4, 1, w * 0.08, h * 0.28, w * 0.14, 0, true);
}

function stoneScene(c: Canvas, opts: { inn?: boolean }): void {
  const { rng, W, H, s, p } = c;
  const horizon = H * rng.float(0.55, 0.65);
  sky(c, horizon);
  if (rng.chance(0.6)) mountainLayers(c, horizon, 2, rng.float(0.12, 0.2), true);
  for (let x = -20; x < W + 40; x += rng.float(50, 100) * s)
    leafyTree(c, x, horizon + 20 * s, rng.float(0.16, 0.26) * H);
  const groundY = horizon + 0.12 * H;
  const [far, near] = MEADOW[c.season];
  const lawn = lit(c, mix(far, near, 0.4));
  c.body.push(
    rect(
      0,
      horizon + 0.02 * H,
      W,
      H,
      vgrad(c, horizon, H, [
        [0, lawn],
        [1, mix(lawn, "#1c2616", 0.45)],
      ]),
    ),
  );
  const bx = rng.float(0.35, 0.65) * W;
  const bw = (opts.inn ? rng.float(0.32, 0.42) : rng.float(0.5, 0.62)) * W;
  const bh = (opts.inn ? rng.float(0.3, 0.36) : rng.float(0.3, 0.4)) * H;
  stoneBuilding(c, bx, groundY, bw, bh, opts.inn === true);
  c.body.push(
    `<path d="${poly([
      [bx - 0.03 * W, groundY],
      [bx + 0.03 * W, groundY],
      [bx + 0.14 * W, H],
      [bx - 0.14 * W, H],
    ])}" fill="${lit(c, "#cfc2ad")}"/>`,
  );
  for (const side of [-1, 1])
    flowerCluster(c, bx + side * (bw / 2 + 0.04 * W), groundY + 0.02 * H, 0.05 * H, 18);
  if (isDark(p) || rng.chance(0.35)) stringLights(c, -20, 0.05 * H, W + 20, 0.08 * H, 0.14 * H, 22, 5 * s);
  if (rng.chance(0.5)) edgeTrees(c);
}

/** Ashlar stone wall texture as a repeating pattern of slightly different blocks. */
function stonePattern(c: Canvas, base: string): string {
  const { rng, s } = c;
  const id = c.id();
  const bw = 44 * s;
  const bh = 20 * s;
  let blocks = "";
  for (let r = 0; r < 4; r++) {
    for (let k = -1; k < 3; k++) {
      const x = k * bw + (r % 2) * bw * 0.5;
      blocks += rect(
        x + 1,
        r * bh + 1,
        bw - 2,
        bh - 2,
        mix(base, rng.chance(0.5) ? "#ffffff" : "#2a2420", rng.float(0, 0.14)),
      );
    }
  }
  c.defs.push(
    `<pattern id="${id}" patternUnits="userSpaceOnUse" width="${f(bw * 2)}" height="${f(bh * 4)}">${rect(0, 0, bw * 2, bh * 4, mix(base, "#2a2420", 0.35))}${blocks}</pattern>`,
  );
  return `url(#${id})`;
}

function stoneBuilding(c: Canvas, x: number, y: number, w: number, h: number, inn: boolean): void {
  const { rng, p, season } = c;
  const stone = lit(c, rng.pick(["#b9a58c", "#a89a8a", "#c4b29a", "#9c8471"]));
  const trim = lit(c, "#e8e0d0");
  const roof = season === "winter" ? lit(c, "#eef2f6") : lit(c, rng.pick(["#3f4548", "#4c3b36", "#39424a"]));
  const left = x - w / 2;
  const top = y - h;
  if (inn) {
    c.body.push(
      `<path d="${poly([
        [left - 12, top + 4],
        [x, top - h * 0.55],
        [left + w + 12, top + 4],
      ])}" fill="${roof}"/>`,
      rect(left + w * 0.7, top - h * 0.5, w * 0.07, h * 0.4, stonePattern(c, stone)),
    );
  } else if (rng.chance(0.5)) {
    const tw = w * 0.14;
    c.body.push(
      rect(x - tw / 2, top - h * 0.55, tw, h * 0.6, stonePattern(c, stone)),
      `<path d="${poly([
        [x - tw / 2 - 6, top - h * 0.55],
        [x, top - h * 0.85],
        [x + tw / 2 + 6, top - h * 0.55],
      ])}" fill="${roof}"/>`,
      `<path d="${archPath(x - tw * 0.25, top - h * 0.48, tw * 0.5, h * 0.2)}" fill="${mix(p.near, "#000000", 0.4)}"/>`,
    );
  } else {
    c.body.push(
      `<path d="${poly([
        [left - 10, top + 2],
        [left + w * 0.08, top - h * 0.22],
        [left + w * 0.92, top - h * 0.22],
        [left + w + 10, top + 2],
      ])}" fill="${roof}"/>`,
    );
  }
  c.body.push(
    rect(left, top, w, h, stonePattern(c, stone)),
    rect(
      left,
      top,
      w,
      h,
      vgrad(c, top, y, [
        [0, "#ffffff", 0.06],
        [1, "#000000", 0.25],
      ]),
    ),
    rect(left - 6, top - 4, w + 12, h * 0.05, trim),
    rect(left - 4, y - h * 0.06, w + 8, h * 0.06, mix(stone, "#2a2420", 0.25)),
  );
  const cols = inn ? 4 : rng.int(5, 7);
  const ww = (w / cols) * 0.42;
  const gap = (w - cols * ww) / cols;
  const wh = h * (inn ? 0.24 : 0.3);
  windows(c, left + gap / 2, top + h * 0.12, cols, 1, ww, wh, gap, 0, true);
  const lower = Math.floor(cols / 2);
  windows(c, left + gap / 2, top + h * 0.52, lower, 1, ww, wh, gap, 0, true);
  windows(c, left + gap / 2 + (cols - lower) * (ww + gap), top + h * 0.52, lower, 1, ww, wh, gap, 0, true);
  const dw = w * (inn ? 0.16 : 0.12);
  const door = archPath(x - dw / 2, y - h * 0.44, dw, h * 0.44);
  c.body.push(
    `<path d="${door}" fill="${isDark(p) ? p.light : lit(c, "#4a2e22")}"/>`,
    `<path d="${door}" fill="none" stroke="${trim}" stroke-width="${f(h * 0.02)}"/>`,
  );
  if (inn) {
    const py = y - h * 0.42;
    c.body.push(rect(left + w * 0.1, py - h * 0.05, w * 0.8, h * 0.05, roof));
    let posts = "";
    for (let k = 0; k < 5; k++)
      posts += rect(left + w * 0.11 + (k * w * 0.76) / 4, py, w * 0.02, h * 0.42, trim);
    c.body.push(posts);
  }
  if (rng.chance(0.45)) {
    let ivy = "";
    const side = rng.chance(0.5) ? left : left + w;
    for (let i = 0; i < 40; i++)
      ivy += dot(side + rng.float(-0.1, 0.1) * w, y - rng.float(0, 0.9) ** 1.5 * h, rng.float(6, 14) * c.s);
    c.body.push(`<path d="${ivy}" fill="${lit(c, season === "autumn" ? "#a8432f" : "#3f6b34")}"/>`);
  }
}

// ---------------------------------------------------------------------------------------------
// What each venue type looks like, and the public drawing functions
// ---------------------------------------------------------------------------------------------
type PaletteName = Palette["name"];

const SCENES: Record<
  VenueTypeKey,
  { draw: (c: Canvas) => void; palettes: PaletteName[]; seasons: Season[] }
> = {
  mountain: {
    draw: (c) => mountainScene(c, {}),
    palettes: ["dusk", "golden", "sunrise", "bluebird", "overcast"],
    seasons: ["summer", "autumn", "spring", "winter"],
  },
  "lodge-resort": {
    draw: (c) => mountainScene(c, { lodge: true }),
    palettes: ["dusk", "night", "golden", "bluebird", "sunrise"],
    seasons: ["winter", "summer", "autumn", "spring"],
  },
  barn: {
    draw: (c) => farmScene(c, {}),
    palettes: ["golden", "sunrise", "bluebird", "dusk", "overcast", "night"],
    seasons: ["summer", "autumn", "spring", "winter"],
  },
  ranch: {
    draw: (c) => farmScene(c, { ranch: true }),
    palettes: ["golden", "dusk", "bluebird", "sunrise", "overcast"],
    seasons: ["summer", "autumn", "spring", "winter"],
  },
  garden: {
    draw: (c) => gardenScene(c, {}),
    palettes: ["golden", "bluebird", "sunrise", "overcast", "dusk"],
    seasons: ["summer", "spring", "autumn"],
  },
  estate: {
    draw: (c) => gardenScene(c, { manor: true }),
    palettes: ["golden", "bluebird", "dusk", "sunrise", "overcast"],
    seasons: ["summer", "autumn", "spring"],
  },
  waterfront: {
    draw: lakeScene,
    palettes: ["dusk", "golden", "sunrise", "bluebird", "night", "overcast"],
    seasons: ["summer", "autumn", "spring"],
  },
  "urban-downtown": {
    draw: (c) => skylineScene(c, {}),
    palettes: ["night", "dusk", "golden", "sunrise", "overcast"],
    seasons: ["summer", "autumn", "winter", "spring"],
  },
  hotel: {
    draw: (c) => skylineScene(c, { hotel: true }),
    palettes: ["dusk", "night", "golden", "bluebird", "sunrise"],
    seasons: ["summer", "autumn", "winter", "spring"],
  },
  "winery-vineyard": {
    draw: vineyardScene,
    palettes: ["golden", "sunrise", "dusk", "bluebird", "overcast"],
    seasons: ["summer", "autumn", "spring"],
  },
  historic: {
    draw: (c) => stoneScene(c, {}),
    palettes: ["golden", "dusk", "bluebird", "overcast", "night", "sunrise"],
    seasons: ["summer", "autumn", "winter", "spring"],
  },
  "inn-bnb": {
    draw: (c) => stoneScene(c, { inn: true }),
    palettes: ["golden", "dusk", "sunrise", "bluebird", "night", "overcast"],
    seasons: ["autumn", "summer", "winter", "spring"],
  },
};

/**
 * Every pairing of light and season a venue type allows, in an order that puts a different light
 * next to each: round r gives palette i the season (i + r), so each pairing comes exactly once.
 */
export function lightings(type: VenueTypeKey): [PaletteName, Season][] {
  const palettes = [...new Set(SCENES[type].palettes)];
  const seasons = [...new Set(SCENES[type].seasons)];
  const out: [PaletteName, Season][] = [];
  for (let r = 0; r < seasons.length; r++)
    palettes.forEach((palette, i) => out.push([palette, seasons[(i + r) % seasons.length]]));
  return out;
}

/**
 * The SVG of picture `variant` of a venue type. Consecutive variants take different light and
 * season (the pool uses every pairing before one repeats), and each draws its own composition:
 * the scene's own choices, then a mirror, a closer crop and a faint colour cast.
 */
export function venueArtSvg(type: VenueTypeKey, variant: number): string {
  const pairs = lightings(type);
  const [palette, season] = pairs[variant % pairs.length];
  const c = newCanvas(`art:${type}:${variant}`, ART_WIDTH, ART_HEIGHT, PALETTES[palette], season);
  const mirrored = c.rng.chance(0.5);
  SCENES[type].draw(c);
  const zoom = c.rng.chance(0.45) ? c.rng.float(1.1, 1.35) : 1;
  const tx = c.rng.float(ART_WIDTH * (1 - zoom), 0);
  const ty = c.rng.float(ART_HEIGHT * (1 - zoom), ART_HEIGHT * (1 - zoom) * 0.3);
  const transforms = [
    zoom > 1 ? `translate(${f(tx)} ${f(ty)}) scale(${f(zoom * 100) / 100})` : "",
    mirrored ? `translate(${ART_WIDTH} 0) scale(-1 1)` : "",
  ].filter(Boolean);
  if (transforms.length > 0)
    c.body.splice(0, c.body.length, `<g transform="${transforms.join(" ")}">${c.body.join("")}</g>`);
  if (c.rng.chance(0.35)) {
    const cast = c.rng.pick(["#ffb36b", "#6b8cff", "#ff8fa3", "#9fe0c0"]);
    c.body.push(
      rect(0, 0, ART_WIDTH, ART_HEIGHT, cast, ` opacity="${f(c.rng.float(0.05, 0.1) * 100) / 100}"`),
    );
  }
  vignette(c);
  return svgDocument(c);
}

/** A scene with explicit light, for the static hero, default and social images. */
export function sceneSvg(
  type: VenueTypeKey,
  opts: {
    seed: string;
    palette: PaletteName;
    season: Season;
    W: number;
    H: number;
    overlay?: (c: Canvas) => void;
  },
): string {
  const c = newCanvas(opts.seed, opts.W, opts.H, PALETTES[opts.palette], opts.season);
  SCENES[type].draw(c);
  vignette(c);
  opts.overlay?.(c);
  return svgDocument(c);
}

const LOGO_COLORS = ["#1f4d3f", "#b4656f", "#34495e", "#8c5a3c", "#5b4a6b", "#2f5d62", "#7a2e3a", "#44573a"];

/** A square monogram: the venue's initials in a serif on a coloured circle or crest. */
export function logoSvg(initials: string, seed: string, size = 256): string {
  const rng = createRng(seed);
  const color = rng.pick(LOGO_COLORS);
  const ink = "#f8f3ea";
  const gold = "#d9b779";
  const m = size / 2;
  const shape = rng.chance(0.6)
    ? `${circle(m, m, size * 0.46, color)}${circle(m, m, size * 0.41, "none", ` stroke="${gold}" stroke-width="${f(size * 0.012)}"`)}`
    : `<path d="M${f(size * 0.16)} ${f(size * 0.1)}H${f(size * 0.84)}V${f(size * 0.5)}C${f(size * 0.84)} ${f(size * 0.72)} ${f(size * 0.66)} ${f(size * 0.84)} ${f(m)} ${f(size * 0.93)}C${f(size * 0.34)} ${f(size * 0.84)} ${f(size * 0.16)} ${f(size * 0.72)} ${f(size * 0.16)} ${f(size * 0.5)}Z" fill="${color}" stroke="${gold}" stroke-width="${f(size * 0.015)}"/>`;
  const fontSize = initials.length > 1 ? size * 0.3 : size * 0.34;
  // A thin rule with a small diamond under the letters, like an engraved crest.
  const y = size * 0.71;
  const d = size * 0.025;
  const rule =
    `<path d="M${f(m - size * 0.16)} ${f(y)}H${f(m - d * 1.8)}M${f(m + d * 1.8)} ${f(y)}H${f(m + size * 0.16)}" stroke="${gold}" stroke-width="${f(size * 0.01)}"/>` +
    `<path d="${poly([
      [m, y - d],
      [m + d, y],
      [m, y + d],
      [m - d, y],
    ])}" fill="${gold}"/>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
    `${rect(0, 0, size, size, "#fbf8f2")}${shape}${rule}` +
    `<text x="${m}" y="${f(m + fontSize * 0.33)}" text-anchor="middle" font-family="${SERIF}" font-size="${f(fontSize)}" fill="${ink}" letter-spacing="${f(size * 0.01)}">${initials}</text>` +
    `</svg>`
  );
}
