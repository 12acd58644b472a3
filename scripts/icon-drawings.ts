// Reads lucide's drawing of each icon in ICONS from the installed lucide-react package.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildMaskCss, buildSprite, ICONS } from "../app/components/ui/icon-sprite";

export { buildMaskCss, buildSprite };

type IconModule = { __iconData: { node: [string, Record<string, string>][] } };

export async function readLucideDrawings() {
  const dir = path.resolve(import.meta.dirname, "../node_modules/lucide-react/dist/esm/icons");
  const drawings: Record<string, IconModule["__iconData"]["node"]> = {};
  for (const name of Object.values(ICONS)) {
    const mod = (await import(pathToFileURL(path.join(dir, `${name}.mjs`)).href)) as IconModule;
    drawings[name] = mod.__iconData.node;
  }
  return drawings;
}
