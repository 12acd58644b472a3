// The import graph of app/ and database/, type imports included: every cycle, and every import
// that climbs from a lower layer into a higher one (docs/architecture.md, "Layers"). Run by
// `npm run lint`; exits 1 on either. ESLint's per-file rules cannot see a cycle, this can.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import ts from "typescript";

export type Layer = "routes" | "components" | "services" | "infra" | "lib" | "database";

/** What each layer may import besides itself (docs/architecture.md). */
const MAY_IMPORT: Record<Layer, Layer[]> = {
  routes: ["components", "services", "infra", "lib", "database"],
  components: ["lib"],
  services: ["infra", "lib", "database"],
  infra: ["lib", "database"],
  lib: [],
  database: ["lib"],
};

export function layerOf(file: string): Layer | null {
  const [top, second] = file.split("/");
  if (top === "database") return "database";
  if (top !== "app" || !second) return null;
  if (["root.tsx", "entry.server.tsx", "routes.ts", "routes"].includes(second)) return "routes";
  return (["components", "services", "infra", "lib"] as const).find((l) => l === second) ?? null;
}

const SOURCE = /\.tsx?$/;
const isTest = (file: string) => /\.test\.tsx?$/.test(file);

function sources(root: string, dir: string): string[] {
  const full = path.join(root, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full).flatMap((name) => {
    const rel = `${dir}/${name}`;
    if (statSync(path.join(root, rel)).isDirectory()) return sources(root, rel);
    return SOURCE.test(name) && !isTest(name) ? [rel] : [];
  });
}

/** The project file a specifier names, or null for a package, a generated type or an asset. */
function resolve(root: string, from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("~/")) base = `app/${specifier.slice(2)}`;
  else if (specifier.startsWith(".")) base = path.posix.join(path.posix.dirname(from), specifier);
  else return null;
  const stem = base.replace(/\.js$/, "");
  for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, `${stem}/index.ts`, `${stem}/index.tsx`])
    if (SOURCE.test(candidate) && existsSync(path.join(root, candidate))) return candidate;
  return null;
}

export function importGraph(root: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of [...sources(root, "app"), ...sources(root, "database")]) {
    const { importedFiles } = ts.preProcessFile(readFileSync(path.join(root, file), "utf8"), true, true);
    const targets = importedFiles.map((i) => resolve(root, file, i.fileName)).filter((t) => t !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Strongly connected components of more than one file (Tarjan), or a file importing itself. */
export function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)?.includes(node)) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** Imports from a layer into one it may not import (a climb, or a sideways step). */
export function climbs(graph: Map<string, string[]>): string[] {
  const found: string[] = [];
  for (const [file, targets] of graph) {
    const from = layerOf(file);
    if (!from) continue;
    for (const target of targets) {
      const to = layerOf(target);
      if (to && to !== from && !MAY_IMPORT[from].includes(to))
        found.push(`${file} (${from}) -> ${target} (${to})`);
    }
  }
  return found;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const graph = importGraph(path.resolve(import.meta.dirname, ".."));
  const circles = cycles(graph);
  const wrong = climbs(graph);
  for (const c of circles) console.error(`import cycle: ${c.join(" <-> ")}`);
  for (const w of wrong) console.error(`layer climb: ${w}`);
  const edges = [...graph.values()].reduce((n, t) => n + t.length, 0);
  console.log(
    `import graph: ${graph.size} files, ${edges} imports, ${circles.length} cycles, ${wrong.length} climbs`,
  );
  if (circles.length + wrong.length > 0) process.exit(1);
}
