// The end-to-end tests drive the system Chromium (no browser download is possible here).
// Missing: install Debian's package when we are root with apt; otherwise say how, in one line.
import { execSync } from "node:child_process";
import fs from "node:fs";

const path = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

if (!fs.existsSync(path)) {
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const hasApt = fs.existsSync("/usr/bin/apt-get");
  if (!isRoot || !hasApt || process.env.CHROMIUM_PATH) {
    console.error(
      `Chromium not found at ${path}: install it (Debian: sudo apt-get install -y chromium) or set CHROMIUM_PATH.`,
    );
    process.exit(1);
  }
  console.log("Chromium is missing: installing Debian's chromium package...");
  execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium", {
    stdio: "inherit",
  });
  if (!fs.existsSync(path)) {
    console.error(`Chromium still not found at ${path} after installing.`);
    process.exit(1);
  }
}
console.log(`Using Chromium at ${path}`);
