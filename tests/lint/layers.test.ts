// The import directions of docs/architecture.md ("Layers"), as eslint.config.js enforces them: each case
// lints a two-line module as if it sat in the named folder.
import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

let eslint: ESLint;
beforeAll(async () => {
  eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, "../..") });
  // The first lint loads the config and the TypeScript parser: seconds on a busy machine.
  await eslint.lintText("export {};\n", { filePath: "app/lib/warm-up.ts" });
}, 60_000);

/** The rule ids and messages ESLint reports for `code` placed at `filePath`. */
async function lint(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((m) => ({ ruleId: m.ruleId, message: m.message }));
}

const importing = (specifier: string, typeOnly = false) =>
  typeOnly
    ? `import type { Thing } from "${specifier}";\nexport type Used = Thing;\n`
    : `import { thing } from "${specifier}";\nexport const used = thing;\n`;

const restricted = (specifier: string, reason: string) => [
  {
    ruleId: "no-restricted-imports",
    message: expect.stringMatching(
      new RegExp(`^'${specifier.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}' import is restricted.*${reason}`),
    ),
  },
];

describe("layer rule (no-restricted-imports per folder)", () => {
  it.each([
    ["~/services/reviews.server", true],
    ["../../services/reviews.server", false],
    ["~/infra/db.server", false],
    ["../../infra/storage.server", true],
    ["./venue-data.server", false],
    ["../../../database/schema", true],
  ])("a component may not import %s", async (specifier, typeOnly) => {
    expect(await lint("app/components/venue/fixture.tsx", importing(specifier, typeOnly))).toEqual(
      restricted(specifier, "Server-only code"),
    );
  });

  it.each([
    ["~/infra/config.server", "Server-only code"],
    ["../infra/logger.server", "Server-only code"],
    ["~/services/venues.server", "Server-only code"],
    ["../../database/schema", "Server-only code"],
    ["node:fs", "Node built-ins"],
    ["fs/promises", "Node built-ins"],
  ])("lib may not import %s", async (specifier, reason) => {
    expect(await lint("app/lib/fixture.ts", importing(specifier))).toEqual(restricted(specifier, reason));
  });

  it.each(["~/routes/public/venue", "../routes/public/venue"])(
    "services may not import %s",
    async (specifier) => {
      expect(await lint("app/services/fixture.server.ts", importing(specifier))).toEqual(
        restricted(specifier, "Routes are the top layer"),
      );
    },
  );

  it.each(["~/services/emails.server", "../services/emails.server"])(
    "infra may not import %s",
    async (specifier) => {
      expect(await lint("app/infra/fixture.server.ts", importing(specifier))).toEqual(
        restricted(specifier, "Infra is plumbing under the services"),
      );
    },
  );

  it.each(["app/components/venue/fixture.tsx", "app/routes/public/fixture.tsx"])(
    "%s draws icons from the sprite, not lucide-react",
    async (file) => {
      expect(await lint(file, importing("lucide-react"))).toEqual(
        restricted("lucide-react", "the SVG sprite"),
      );
    },
  );

  it.each(["app/components/venue/fixture.tsx", "app/lib/fixture.ts"])(
    "%s may not import a route, not even its types (issue 40: reply types live in lib)",
    async (file) => {
      for (const typeOnly of [true, false])
        expect(await lint(file, importing("~/routes/resources/favorites", typeOnly))).toEqual(
          restricted("~/routes/resources/favorites", "Routes are the top layer"),
        );
    },
  );

  it.each(["sharp", "node:fs/promises", "~/infra/storage.server"])(
    "the seed painter may not import %s",
    async (specifier) => {
      expect(await lint("database/seed/painter.ts", importing(specifier))).toEqual([
        {
          ruleId: "no-restricted-imports",
          message: expect.stringContaining(`'${specifier}' import is restricted`),
        },
      ]);
    },
  );

  it.each([
    ["app/routes/public/fixture.tsx", "~/services/reviews.server"],
    ["app/routes/public/fixture.tsx", "~/components/venue/venue-faqs"],
    ["app/routes/public/fixture.tsx", "~/infra/session.server"],
    ["app/components/venue/fixture.tsx", "~/lib/venue"],
    ["app/components/venue/fixture.tsx", "./venue-image"],
    ["app/services/fixture.server.ts", "~/infra/db.server"],
    ["app/services/fixture.server.ts", "../../database/schema"],
    ["app/services/fixture.server.ts", "./rate-limit.server"],
    ["app/infra/fixture.server.ts", "~/lib/images"],
    ["app/infra/fixture.server.ts", "../../database/schema"],
    ["app/infra/fixture.server.ts", "node:path"],
    ["database/seed/render-art.ts", "sharp"],
  ])("%s may import %s", async (file, specifier) => {
    expect(await lint(file, importing(specifier))).toEqual([]);
  });
});
