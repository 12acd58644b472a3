import fs from "node:fs";
import { expect, test as teardown } from "@playwright/test";
import { E2E_SERVER_LOG } from "./paths";

// Runs after every browser test (the "server log" project is the teardown of "server"): the
// server's stderr for the whole run holds no warning, neither Node's own (such as the
// MaxListenersExceededWarning of issue 8) nor a warn line of our logger.
teardown("the e2e server logged no warnings during the run", () => {
  const lines = fs.readFileSync(E2E_SERVER_LOG, "utf8").split("\n").filter(Boolean);
  const warnings = lines.filter((line) => /Warning\b/.test(line) || /"level":"warn"/.test(line));
  expect(warnings).toEqual([]);
});
