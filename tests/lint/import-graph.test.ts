// scripts/import-graph.ts, the check `npm run lint` runs: a cycle (type imports included) and a
// climb into a higher layer are found in a small tree written for the test.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { climbs, cycles, importGraph, layerOf } from "../../scripts/import-graph";

let root = "";
function tree(files: Record<string, string>) {
  root = mkdtempSync(path.join(tmpdir(), "import-graph-"));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return importGraph(root);
}
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("import graph", () => {
  it("finds a cycle made of type imports, through the ~/ alias and relative paths", () => {
    const graph = tree({
      "app/lib/estimate.ts": 'import type { Venue } from "~/lib/venue";\nexport type E = Venue;\n',
      "app/lib/venue.ts": 'import type { E } from "./estimate";\nexport type Venue = E;\n',
      "app/lib/format.ts": 'import { x } from "./venue";\n',
    });
    expect(cycles(graph)).toEqual([["app/lib/estimate.ts", "app/lib/venue.ts"]]);
  });

  it("finds a component importing a route's type, and passes the allowed directions", () => {
    const graph = tree({
      "app/routes/public/venue.tsx":
        'import { Card } from "~/components/card";\nimport { db } from "~/services/db.server";\n',
      "app/components/card.tsx":
        'import type { loader } from "~/routes/public/venue";\nimport { f } from "../lib/f";\n',
      "app/lib/f.ts": "export const f = 1;\n",
      "app/services/db.server.ts": 'import { schema } from "../../database/schema/index";\n',
      "database/schema/index.ts": "export const schema = {};\n",
    });
    expect(climbs(graph)).toEqual([
      "app/components/card.tsx (components) -> app/routes/public/venue.tsx (routes)",
    ]);
    expect(cycles(graph)).toEqual([["app/components/card.tsx", "app/routes/public/venue.tsx"]]);
  });

  it("places the root module with the routes and tests nowhere", () => {
    expect(layerOf("app/root.tsx")).toBe("routes");
    expect(layerOf("database/seed/painter.ts")).toBe("database");
    expect(layerOf("tests/setup/factories.ts")).toBeNull();
  });
});
