// A command-line script's ending: the exit code `main` returns, or, when it throws, one line
// saying what failed (the full error is for developers; an operator needs the reason).
export function runCli(name: string, main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(`${name} failed: ${(err instanceof Error ? err.message : String(err)).split("\n")[0]}`);
      process.exit(1);
    },
  );
}
