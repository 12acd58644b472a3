import js from "@eslint/js";
import { builtinModules } from "node:module";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// docs/architecture.md, "Layers": imports go one way.
//   routes     -> components, services, lib
//   components -> lib (type imports from routes included: reply types live in lib)
//   services   -> infra, lib, database
//   infra      -> lib, database
//   lib        -> nothing server-side
// Each layer below names what it may not import. A specifier counts in both spellings: the
// `~/` alias (`~/services/x`) and relative paths (`../services/x`, `../../services/x`).
// Static imports and `export ... from` are checked, type-only ones included; `import()` is not.
const inApp = (dirs) => `^(?:~/|(?:\\.\\.?/)+(?:app/)?)(?:${dirs})(?:/|$)`;
const SERVER_SIDE = {
  regex: `${inApp("services|infra")}|(?:^|/)database(?:/|$)|\\.server(?:/|\\.[cm]?[jt]sx?$|$)`,
  message:
    "Server-only code (services, infra, database, *.server) stays out of this layer: the route's loader passes data in, and shared types live in app/lib.",
};
const NODE_BUILTINS = {
  regex: `^(?:node:|(?:${builtinModules.filter((m) => !m.startsWith("_")).join("|")})(?:/|$))`,
  message: "Node built-ins are server-side; this layer also runs in the browser.",
};
const ROUTES = {
  regex: inApp("routes"),
  message: "Routes are the top layer: they import the others, nothing imports them.",
};
const COMPONENTS = {
  regex: inApp("components"),
  message: "Server layers return data, not markup; components are composed by routes.",
};
const SERVICES = {
  regex: inApp("services"),
  message: "Infra is plumbing under the services: take what it needs as a parameter instead.",
};
// Icons come from one cached SVG sprite; lucide-react's inline drawings cost ~500 bytes of HTML
// each (issue 9). scripts/icons.ts reads lucide's drawings to build the sprite.
const INLINE_ICONS = {
  regex: "^lucide-react(?:/|$)",
  message: "Use ~/components/ui/icons (the SVG sprite; add a new icon in icon-sprite.ts).",
};
// React Router's own links write data-discover, for a route discovery this site does not use (ADR 035).
const ROUTER_LINKS = {
  regex: "^react-router$",
  importNames: ["Link", "NavLink"],
  message: "Use ~/components/ui/link: the same links without data-discover (issue 42).",
};
const layer = (files, patterns) => ({ files, rules: { "no-restricted-imports": ["error", { patterns }] } });

const CONFIG_FROM_ENV = {
  selector: "MemberExpression[object.name='process'][property.name='env']",
  message: "Read configuration through app/infra/config.server.ts",
};
// A request's body is read through infra/form.server.ts or infra/uploads.server.ts, which stop
// at the route's limit while it streams: request.formData() and the like read it whole (issue 39).
const WHOLE_BODY = {
  selector:
    "CallExpression[callee.object.name='request'][callee.property.name=/^(arrayBuffer|blob|bytes|formData|json|text)$/]",
  message:
    "Read the body with readFormFields/readFormValues (infra/form.server.ts) or readUploadForm (infra/uploads.server.ts).",
};

export default tseslint.config(
  { ignores: ["build", "data", ".react-router", "node_modules", "test-results", "playwright-report"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-restricted-syntax": ["error", CONFIG_FROM_ENV],
    },
  },
  {
    files: ["app/routes/**", "app/services/**"],
    rules: { "no-restricted-syntax": ["error", CONFIG_FROM_ENV, WHOLE_BODY] },
  },
  {
    // Playwright fixtures use `use()` and `{}` by design.
    files: ["tests/e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off", "no-empty-pattern": "off" },
  },
  {
    files: ["app/infra/config.server.ts", "scripts/**", "tests/**", "*.config.ts", "server.ts"],
    rules: { "no-restricted-syntax": "off" },
  },
  layer(["app/components/**/*.{ts,tsx}"], [SERVER_SIDE, NODE_BUILTINS, ROUTES, INLINE_ICONS, ROUTER_LINKS]),
  layer(["app/components/ui/link.tsx"], [SERVER_SIDE, NODE_BUILTINS, ROUTES, INLINE_ICONS]),
  layer(["app/routes/**/*.{ts,tsx}", "app/root.tsx"], [INLINE_ICONS, ROUTER_LINKS]),
  layer(["app/lib/**/*.{ts,tsx}"], [SERVER_SIDE, NODE_BUILTINS, ROUTES, COMPONENTS]),
  layer(["app/services/**/*.{ts,tsx}"], [ROUTES, COMPONENTS]),
  layer(["app/infra/**/*.{ts,tsx}"], [SERVICES, ROUTES, COMPONENTS]),
  // The schema and the seed's generators are the bottom layer, under infra and the services.
  layer(
    ["database/**/*.ts"],
    [
      {
        regex: `${inApp("services|infra|routes|components")}`,
        message: "The database layer is under infra and the services: they import it, not the reverse.",
      },
    ],
  ),
  // The seed's generators are pure (same input, same output, no I/O); render-art.ts and
  // index.ts do the files and the database.
  layer(
    ["database/seed/{painter,content,random,towns}.ts"],
    [SERVER_SIDE, NODE_BUILTINS, { regex: "^sharp(?:/|$)", message: "Rendering belongs in render-art.ts." }],
  ),
);
