import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import path from "node:path";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  // The server bundle's entry is the HTTP app, which imports the route build itself
  // (app/infra/http.server.ts explains why).
  build: {
    assetsInlineLimit: 0,
    rollupOptions: isSsrBuild ? { input: "./app/infra/http.server.ts" } : undefined,
  },
}));
