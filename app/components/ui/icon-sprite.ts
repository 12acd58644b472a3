// The SVG sprite behind `icons.tsx`, built from lucide's drawings. `npm run icons` rewrites
// `app/components/ui/icons.svg` from this list; a unit test fails when the file is out of date.
// Pure (no React, no DOM) so that the script and the test can import it.

/** Component name → lucide's file name. */
export const ICONS = {
  ArrowDown: "arrow-down",
  ArrowLeft: "arrow-left",
  ArrowRight: "arrow-right",
  ArrowUp: "arrow-up",
  ArrowUpDown: "arrow-up-down",
  Building2: "building-complex",
  CalendarHeart: "calendar-heart",
  Check: "check",
  ChevronDown: "chevron-down",
  ChevronLeft: "chevron-left",
  ChevronRight: "chevron-right",
  CircleCheck: "circle-check",
  CircleDollarSign: "circle-dollar-sign",
  CircleHelp: "circle-question-mark",
  Clock: "clock",
  Download: "download",
  ExternalLink: "external-link",
  Eye: "eye",
  FileSpreadsheet: "file-spreadsheet",
  Globe: "globe",
  Heart: "heart",
  History: "rotate-ccw-clock",
  ImageIcon: "image",
  ImageOff: "image-off",
  ImagePlus: "image-plus",
  Images: "images",
  KeyRound: "key-round",
  LayoutDashboard: "layout-dashboard",
  LayoutGrid: "layout-grid",
  List: "list",
  LoaderCircle: "loader-circle",
  LocateFixed: "locate-fixed",
  LogOut: "log-out",
  Mail: "mail",
  Map: "map",
  MapPin: "map-pin",
  MapPinned: "map-pinned",
  Menu: "menu",
  MessageCircleQuestion: "message-circle-question-mark",
  MessageSquare: "message-square",
  MessageSquareReply: "message-square-reply",
  Pencil: "pencil",
  Percent: "percent",
  Phone: "phone",
  Plus: "plus",
  RefreshCw: "refresh-cw",
  Save: "save",
  Search: "search",
  SearchX: "search-x",
  Settings: "settings",
  Shapes: "shapes",
  Share2: "share-2",
  Shield: "shield",
  ShieldCheck: "shield-check",
  SlidersHorizontal: "sliders-horizontal",
  Sparkles: "sparkles",
  Star: "star",
  Tag: "tag",
  Trash2: "trash",
  TriangleAlert: "triangle-exclamation-point",
  Upload: "upload",
  UserMinus: "user-minus",
  UserRound: "user-round",
  Users: "users",
  X: "x",
} as const;

export type IconName = (typeof ICONS)[keyof typeof ICONS];

type IconNode = [tag: string, attrs: Record<string, string>][];

const escape = (v: string) => v.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");

/** One `<symbol>` per icon, drawn as lucide draws it (stroke and fill come from the `<svg>`). */
export function buildSprite(drawings: Record<string, IconNode>): string {
  const symbols = Object.entries(drawings)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, node]) => {
      const shapes = node
        .map(([tag, attrs]) => {
          const list = Object.entries(attrs)
            .filter(([k]) => k !== "key")
            .map(([k, v]) => ` ${k}="${escape(String(v))}"`)
            .join("");
          return `<${tag}${list}/>`;
        })
        .join("");
      return `<symbol id="${name}" viewBox="0 0 24 24">${shapes}</symbol>`;
    });
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join("\n")}\n</svg>\n`;
}

/**
 * The icons the public pages show, drawn by CSS instead (issue 42): `<i class="i i-map-pin">`
 * (28 bytes) where a sprite `<svg><use>` took ~95, and a card's icons are its parts' `::before`
 * (no element at all). `npm run icons` writes their drawings to `app/styles/icons.css`, one
 * Tailwind utility each (`i-map-pin`), which sets `--i` to the drawing as an image; `.i` and the
 * card's pseudo-elements paint the text colour through it (`mask-image`). Tailwind emits only the
 * utilities in use. The sprite keeps every icon, for the others and the two-colour stars of the
 * review form.
 */
export const MASK_ICONS = [
  "arrow-left",
  "arrow-right",
  "calendar-heart",
  "chevron-down",
  "chevron-left",
  "chevron-right",
  "globe",
  "heart",
  "layout-grid",
  "list",
  "mail",
  "map-pin",
  "map-pinned",
  "menu",
  "phone",
  "search",
  "share-2",
  "sliders-horizontal",
  "star",
  "users",
  "x",
] as const satisfies readonly IconName[];

/** Drawn filled as well (`i-heart-fill`): a saved venue's heart, a rating's star. */
export const FILLED_MASK_ICONS = ["heart", "star"] as const satisfies readonly (typeof MASK_ICONS)[number][];

/** A drawing as a CSS image: lucide's stroke (2 of 24, round), in black; a mask reads its alpha. */
function maskImage(node: IconNode, filled: boolean): string {
  const shapes = node
    .map(([tag, attrs]) => {
      const list = Object.entries(attrs)
        .filter(([k]) => k !== "key")
        .map(([k, v]) => ` ${k}='${String(v)}'`)
        .join("");
      return `<${tag}${list}/>`;
    })
    .join("");
  const svg =
    `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='${filled ? "black" : "none"}'` +
    ` stroke='black' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'>${shapes}</svg>`;
  return `url("data:image/svg+xml,${svg.replace(/[%#<>"]/g, encodeURIComponent)}")`;
}

/** `app/styles/icons.css`: one utility per icon of MASK_ICONS (and the filled ones), by name. */
export function buildMaskCss(drawings: Record<string, IconNode>): string {
  const rules = [
    ...MASK_ICONS.map((name) => [name, maskImage(drawings[name]!, false)] as const),
    ...FILLED_MASK_ICONS.map((name) => [`${name}-fill`, maskImage(drawings[name]!, true)] as const),
  ]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, image]) => `@utility i-${name} {\n  --i: ${image};\n}\n`);
  return (
    "/* Written by `npm run icons` from lucide's drawings (MASK_ICONS in app/components/ui/icon-sprite.ts). */\n" +
    rules.join("")
  );
}
