// tests/integration/deploy-examples.test.ts runs the production guide's nginx example through
// nginx itself. Missing: install Debian's `nginx-light` when we are root with apt (a few seconds),
// otherwise say that those tests will be skipped. Debian's package starts nginx on port 80 once
// installed unless policy-rc.d forbids it: forbidden here for the install (containers already
// ship such a policy), and the tests run their own nginx on a free port.
import { execSync } from "node:child_process";
import fs from "node:fs";
import { findNginx } from "./local-nginx";

const PACKAGE = "nginx-light";
const POLICY = "/usr/sbin/policy-rc.d";

if (!findNginx()) {
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot || !fs.existsSync("/usr/bin/apt-get")) {
    console.log(
      `nginx not found: the nginx example's tests will be skipped (Debian: sudo apt-get install -y ${PACKAGE}).`,
    );
  } else {
    console.log(`nginx is missing: installing Debian's ${PACKAGE} package...`);
    const ownPolicy = !fs.existsSync(POLICY);
    if (ownPolicy) fs.writeFileSync(POLICY, "#!/bin/sh\nexit 101\n", { mode: 0o755 });
    try {
      execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${PACKAGE}`, {
        stdio: "inherit",
      });
    } catch {
      console.log(`Installing ${PACKAGE} failed: the nginx example's tests will be skipped.`);
    } finally {
      if (ownPolicy) fs.rmSync(POLICY);
    }
  }
}
const found = findNginx();
if (found) console.log(`Using nginx at ${found}`);
