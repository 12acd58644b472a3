import { expect, test as setup } from "@playwright/test";

// The "server" project: every browser test depends on it, and its teardown reads the server's log.
setup("the e2e server is up", async ({ request }) => {
  expect((await request.get("/healthz")).status()).toBe(200);
});
