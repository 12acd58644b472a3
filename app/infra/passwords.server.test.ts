import { hashPassword, verifyPassword } from "better-auth/crypto";
import { describe, expect, it } from "vitest";
import { passwordHasher } from "./passwords.server";

const production = passwordHasher(14);
const tests = passwordHasher(10);

// Five scrypt hashes at production cost take about half a second on a quiet core; beside the other
// stages of `npm test` on a busy machine one took over 5 s, Vitest's default timeout.
describe("password hashes", { timeout: 60_000 }, () => {
  it("at the default cost are better-auth's own, both ways: accounts made before the setting still sign in", async () => {
    const ours = await production.hash("correct-horse-battery");
    expect(ours).toMatch(/^[\da-f]{32}:[\da-f]{128}$/);
    expect(await verifyPassword({ hash: ours, password: "correct-horse-battery" })).toBe(true);
    const theirs = await hashPassword("correct-horse-battery");
    expect(await production.verify({ hash: theirs, password: "correct-horse-battery" })).toBe(true);
    expect(await production.verify({ hash: theirs, password: "correct-horse-batterY" })).toBe(false);
  });

  it("at another cost carry their N, and verify on a server of any cost", async () => {
    const cheap = await tests.hash("correct-horse-battery");
    expect(cheap).toMatch(/^1024:[\da-f]{32}:[\da-f]{128}$/);
    for (const server of [tests, production]) {
      expect(await server.verify({ hash: cheap, password: "correct-horse-battery" })).toBe(true);
      expect(await server.verify({ hash: cheap, password: "wrong-horse-battery" })).toBe(false);
    }
    expect(await tests.verify({ hash: await production.hash("pw-123456"), password: "pw-123456" })).toBe(
      true,
    );
  });

  it("refuses a stored hash it cannot read, or whose N is out of range, without deriving anything huge", async () => {
    const [, salt, key] = (await tests.hash("pw-123456")).split(":");
    for (const hash of [
      "",
      "nonsense",
      `${salt}:`,
      `1000:${salt}:${key}`,
      `${2 ** 24}:${salt}:${key}`,
      `1024:${salt}:zz`,
    ])
      expect(await tests.verify({ hash, password: "pw-123456" }), hash).toBe(false);
  });
});
