/**
 * The warnings in the e2e server's stderr: Node's own (`DeprecationWarning`,
 * `MaxListenersExceededWarning`), our logger's warn lines (`"level":"warn"`) and any library's
 * however it spells them (`WARN [Better Auth]: …`, `[vite] warning: …`).
 */
export function serverLogWarnings(log: string): string[] {
  return log.split("\n").filter((line) => /\bwarn(ing)?\b|Warning\b|"level":"warn"/i.test(line));
}
