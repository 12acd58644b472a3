import fs from "node:fs";
import { expect, test as teardown } from "@playwright/test";
import { E2E_SERVER_LOG } from "./paths";
import { serverLogWarnings } from "./server-log";

// Runs after every browser test (the "server log" project is the teardown of "server"): the
// server's stderr for the whole run holds no warning, neither Node's own (such as the
// MaxListenersExceededWarning of issue 8), nor a warn line of our logger, nor a library's.
teardown("the e2e server logged no warnings during the run", () => {
  expect(serverLogWarnings(fs.readFileSync(E2E_SERVER_LOG, "utf8"))).toEqual([]);
});
