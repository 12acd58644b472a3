import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import path from "node:path";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  build: {
    assetsInlineLimit: 0,
    rollupOptions: isSsrBuild
      ? { input: "./app/infra/http.server.ts" }
      : {
          // A page loads a handful of files, not thirty: React and the router in one chunk, the
          // components and helpers that several routes share in another (issue 9: each file is a
          // request a phone waits on, and ADR 017 adds them after the first paint).
          output: {
            codeSplitting: {
              groups: [
                {
                  name: "vendor",
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
                  priority: 2,
                },
                {
                  // zod and the public forms' schemas: the venue page imports them when a form is
                  // first used (lazySchema), the back office and the account pages with theirs.
                  // After "shared" (a lower priority), so that what the schemas share with every
                  // page stays there: a group takes the modules its modules import (issue 42).
                  name: "forms",
                  test: /node_modules[\\/]zod[\\/]|[\\/]lib[\\/]validation[\\/](inquiry|review|fields)\.ts$/,
                  minShareCount: 2,
                  priority: 0,
                },
                {
                  name: "shared",
                  // Not the forms' schemas, nor the two components that import them (the group
                  // would take zod along onto every page: 12 KB, issue 42), but their limits; the
                  // plain fields are in, /venues has them. Nor what only the back office shows
                  // (insights, the activity log, the admin's and manager's texts, bulk actions, the
                  // CSV import, saved searches, site visits, claims of listings, privacy rights), nor
                  // what only forms and account pages use (the FAQ order, the catalog's and address
                  // helpers, price ranges, unsubscribing, one's own submissions, body limits): no
                  // public page loads it (issues 40 and 42: no page heavier than before).
                  test: (id) =>
                    /[\\/]app[\\/](lib|components[\\/](ui|layout|venue))[\\/]|[\\/]forms[\\/](spec-)?fields\.tsx$/.test(
                      id,
                    ) &&
                    !/[\\/]lib[\\/](validation[\\/](?!limits\.ts)|csv-import[\\/]|(faq-order|unsubscribe|own-submissions|venue-address|body-limits|price-range|catalog|insights|activity|admin|manager|venue-bulk|venue-attention|venue-facts|word-diff|saved-searches|review-moderation|trust|tours|claims|inquiries|inquiry-progress|privacy|privacy-notice|retention|data-export|account-deletion)\.ts)|[\\/]venue[\\/](inquiry-form|venue-reviews|tour-slots)\.tsx/.test(
                      id,
                    ),
                  minShareCount: 2,
                  priority: 1,
                },
              ],
            },
          },
        },
  },
}));
