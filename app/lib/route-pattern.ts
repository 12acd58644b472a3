// A request's route pattern ("/venue/:slugId"), the label of its metrics: never the address
// itself, which would make a series of every venue and every scanner's guess.
// React Router's matchRoutes ranks the whole route tree again on each call (about 0.8 ms here),
// too much for every request: the patterns are compiled once, in its order, and tried in turn.

export type RouteEntry = { parentId?: string; path?: string; index?: boolean };

type Compiled = { pattern: string; score: number; test: RegExp };

const PARAM = /^:[\w-]+$/;

// React Router's ranking (computeScore): static segments beat parameters, and a splat comes last.
function score(pattern: string, index: boolean): number {
  const segments = pattern.split("/");
  let total = segments.length + (segments.includes("*") ? -2 : 0) + (index ? 2 : 0);
  for (const s of segments) if (s !== "*") total += PARAM.test(s.replace(/\?$/, "")) ? 3 : s === "" ? 1 : 10;
  return total;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function compile(pattern: string): RegExp {
  let body = "";
  for (const segment of pattern.split("/").filter(Boolean)) {
    const optional = segment.endsWith("?");
    const name = optional ? segment.slice(0, -1) : segment;
    const part = name === "*" ? "(?:/.*)?" : `/${name.startsWith(":") ? "[^/]+" : escape(name)}`;
    body += optional && name !== "*" ? `(?:${part})?` : part;
  }
  return new RegExp(`^${body}/?$`, "i");
}

/** Each route's full pattern, from React Router's route manifest (`build.routes`). */
export function routePatterns(
  routes: Record<string, RouteEntry | undefined>,
): { pattern: string; index: boolean }[] {
  const full = (entry: RouteEntry): string => {
    const parent = entry.parentId ? routes[entry.parentId] : undefined;
    const base = parent ? full(parent) : "";
    return entry.path ? `${base.replace(/\/$/, "")}/${entry.path}` : base;
  };
  return Object.values(routes).flatMap((r) => (r ? [{ pattern: full(r) || "/", index: !!r.index }] : []));
}

/**
 * The pattern a path falls under, or undefined when only a catch-all (`*`) takes it. A data
 * request (`/venues.data`, `/_root.data`) falls under its page's pattern.
 */
export function routeMatcher(
  patterns: { pattern: string; index?: boolean }[],
): (path: string) => string | undefined {
  const seen = new Set<string>();
  const compiled: Compiled[] = [];
  for (const { pattern, index } of patterns) {
    if (seen.has(pattern) || pattern === "/*") continue;
    seen.add(pattern);
    compiled.push({ pattern, score: score(pattern, !!index), test: compile(pattern) });
  }
  compiled.sort((a, b) => b.score - a.score);
  return (path) => {
    const page = path.endsWith(".data") ? path.slice(0, -5).replace(/^\/_root$/, "/") : path;
    return compiled.find((c) => c.test.test(page))?.pattern;
  };
}
