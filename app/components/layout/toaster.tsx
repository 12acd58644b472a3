import { lazy, Suspense, useEffect, useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";

// sonner is not needed to paint a page: it loads after hydration, off the first load's budget.
const Sonner = lazy(() => import("sonner").then((m) => ({ default: m.Toaster })));

let markReady: () => void = () => {};
/** Resolves once the toaster listens; a toast sent before then waits for it. */
export const toasterReady = new Promise<void>((resolve) => (markReady = resolve));

function Ready() {
  useEffect(() => markReady(), []);
  return null;
}

/** Toasts bottom-right on desktop, top-centre on mobile (VISUAL.md). */
export function Toaster() {
  const hydrated = useHydrated();
  const [mobile, setMobile] = useState(false);
  useEffect(() => {
    const mq = window.matchMedia("(max-width: 767px)");
    const update = () => setMobile(mq.matches);
    update();
    mq.addEventListener("change", update);
    return () => mq.removeEventListener("change", update);
  }, []);
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <Sonner
        position={mobile ? "top-center" : "bottom-right"}
        closeButton
        toastOptions={{
          classNames: {
            toast: "font-sans !bg-white !text-ink !border-sand !shadow-lift",
            description: "!text-ink-soft",
            success: "[&_[data-icon]]:!text-success",
            error: "[&_[data-icon]]:!text-danger",
          },
        }}
      />
      <Ready />
    </Suspense>
  );
}
