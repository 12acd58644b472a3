import { describe, expect, it } from "vitest";
import { serverLogWarnings } from "../e2e/server-log";

describe("the e2e server log check", () => {
  it("finds every warning, whoever wrote it, and nothing else", () => {
    const log = [
      '{"level":"info","msg":"Vows & Vistas listening"}',
      "2026-11-26T08:00:00.000Z WARN [Better Auth]: Password is too short",
      '{"level":"warn","msg":"slow render"}',
      "(node:123) [DEP0040] DeprecationWarning: The `punycode` module is deprecated.",
      "(node:123) MaxListenersExceededWarning: Possible EventEmitter memory leak detected.",
      "[vite] warning: something",
      "the Warner Ranch review was saved",
      "",
    ].join("\n");
    expect(serverLogWarnings(log)).toEqual([
      "2026-11-26T08:00:00.000Z WARN [Better Auth]: Password is too short",
      '{"level":"warn","msg":"slow render"}',
      "(node:123) [DEP0040] DeprecationWarning: The `punycode` module is deprecated.",
      "(node:123) MaxListenersExceededWarning: Possible EventEmitter memory leak detected.",
      "[vite] warning: something",
    ]);
  });
});
