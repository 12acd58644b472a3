import { ShieldCheck } from "~/components/ui/icons";
import { useEffect, useState } from "react";
import { useNavigation } from "react-router";
import { CHECK_GIVE_UP_MS, CHECK_HELP_MS } from "~/lib/admin";
import { loginPath } from "~/lib/user";

/** Below this a transition shows nothing, so quick clicks do not flash the checking state. */
const SHOW_AFTER_MS = 400;

/**
 * The spec's "checking" state of the admin guard. Pages arrive rendered by the server, which runs
 * the guard before anything is sent, so this applies to client-side transitions only: while the
 * next admin page's data (and with it the server's guard) is on its way, a checking notice; after
 * 5 s a help box; after 15 s the wait is given up for a full page load of the target, on which the
 * server decides (the page, or /login for a visitor whose session has ended).
 */
export function AccessCheck() {
  const navigation = useNavigation();
  const target = navigation.state === "loading" ? navigation.location : undefined;
  const to = target && target.pathname.startsWith("/admin") ? target.pathname + target.search : null;
  // The stage belongs to one target: a new transition starts again from nothing.
  const [state, setState] = useState<{ to: string; stage: "checking" | "help" } | null>(null);
  const stage = to && state?.to === to ? state.stage : "idle";

  useEffect(() => {
    if (!to) return;
    const timers = [
      setTimeout(() => setState({ to, stage: "checking" }), SHOW_AFTER_MS),
      setTimeout(() => setState({ to, stage: "help" }), CHECK_HELP_MS),
      setTimeout(() => window.location.assign(to), CHECK_GIVE_UP_MS),
    ];
    return () => timers.forEach(clearTimeout);
  }, [to]);

  if (!to || stage === "idle") return null;
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed right-4 bottom-4 z-40 w-[min(24rem,calc(100vw-2rem))] rounded-2xl border border-sand bg-white p-4 shadow-lift"
    >
      <p className="flex items-center gap-2 text-sm font-medium">
        <ShieldCheck className="h-4 w-4 animate-pulse text-primary" aria-hidden="true" />
        Checking access...
      </p>
      {stage === "help" ? (
        <div className="mt-3 space-y-2 text-sm text-ink-soft" data-testid="access-help">
          <p>This is taking longer than usual. You can:</p>
          <ul className="list-disc space-y-1 pl-5">
            <li>
              <button
                type="button"
                onClick={() => window.location.reload()}
                className="cursor-pointer font-medium text-primary underline"
              >
                Refresh the page
              </button>
            </li>
            <li>Clear your browser cache and try again</li>
            <li>
              <a href={loginPath(to)} className="font-medium text-primary underline">
                Log in again
              </a>
            </li>
          </ul>
        </div>
      ) : null}
    </div>
  );
}
