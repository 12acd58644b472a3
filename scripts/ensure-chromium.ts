// The end-to-end tests drive the system's Chromium headless shell (no browser download is possible
// here): Debian's `chromium-headless-shell`, the headless-only build that Playwright itself runs by
// default, which spends about a third less CPU per test than the full browser (issue 20).
// Missing: install Debian's package when we are root with apt; otherwise say how, in one line.
import { execSync } from "node:child_process";
import fs from "node:fs";
import { CHROMIUM_PATH, CHROMIUM_PACKAGE } from "./chromium-path";

if (!fs.existsSync(CHROMIUM_PATH)) {
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const hasApt = fs.existsSync("/usr/bin/apt-get");
  if (!isRoot || !hasApt || process.env.CHROMIUM_PATH) {
    console.error(
      `Chromium not found at ${CHROMIUM_PATH}: install it (Debian: sudo apt-get install -y ${CHROMIUM_PACKAGE}) or set CHROMIUM_PATH.`,
    );
    process.exit(1);
  }
  console.log(`Chromium is missing: installing Debian's ${CHROMIUM_PACKAGE} package...`);
  execSync(
    `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${CHROMIUM_PACKAGE}`,
    {
      stdio: "inherit",
    },
  );
  if (!fs.existsSync(CHROMIUM_PATH)) {
    console.error(`Chromium still not found at ${CHROMIUM_PATH} after installing.`);
    process.exit(1);
  }
}
console.log(`Using Chromium at ${CHROMIUM_PATH}`);
