import { lazy, Suspense, useEffect, useLayoutEffect, useState } from "react";
import { createPortal } from "react-dom";
import { useTopDialog } from "~/components/ui/dialog";

// For a signed-out visitor sonner loads with the first toast: most such visits never see one, and
// its start (styles injected, a layout read) would cost every page's first seconds on a phone
// (issue 9). A signed-in visitor works in forms that answer with toasts: theirs mounts at once, so
// a toast never waits for a download.
const Sonner = lazy(() => import("sonner").then((m) => ({ default: m.Toaster })));

let wanted = false;
let show: (() => void) | null = null;
let markReady: () => void = () => {};
const ready = new Promise<void>((resolve) => (markReady = resolve));

/** Resolves once the toaster listens (it is mounted by the first call); a toast waits for it. */
export function toasterReady(): Promise<void> {
  wanted = true;
  show?.();
  return ready;
}

function Ready() {
  useEffect(() => markReady(), []);
  return null;
}

// Below 768 px the header is 60 px high: a toast there starts under it, so the menu button stays
// in reach (a toast under the pointer waits, and one over the button would hide it).
const BELOW_HEADER = { top: 72 };
// From 768 px, bottom-right above the compare tray and the sticky bar (their heights are CSS
// variables, app/styles/layers.css), so a toast never covers 'Compare 3 venues'.
const ABOVE_BOTTOM_LAYERS = { bottom: "calc(var(--tray-h, 0px) + var(--cta-h, 0px) + 24px)" };

/**
 * Toasts bottom-right on desktop, top-centre on mobile, below the header (VISUAL.md), and always
 * on top: an open modal dialog is in the browser's top layer, over any z-index, and makes the rest
 * of the page inert, so while one is open the toasts are drawn inside it (in a container of their
 * own that moves, so the toasts on screen stay as they are).
 */
export function Toaster({ eager }: { eager: boolean }) {
  const [shown, setShown] = useState(false);
  const [mobile, setMobile] = useState(false);
  const [host] = useState(() => (typeof document === "undefined" ? null : document.createElement("div")));
  const dialog = useTopDialog();
  useLayoutEffect(() => {
    if (host) (dialog ?? document.body).appendChild(host);
  }, [host, dialog]);
  useEffect(() => () => host?.remove(), [host]);
  useEffect(() => {
    show = () => setShown(true);
    if (wanted || eager) show();
    return () => {
      show = null;
    };
  }, [eager]);
  useEffect(() => {
    const mq = window.matchMedia("(max-width: 767px)");
    const update = () => setMobile(mq.matches);
    update();
    mq.addEventListener("change", update);
    return () => mq.removeEventListener("change", update);
  }, []);
  if (!shown || !host) return null;
  return createPortal(
    <Suspense fallback={null}>
      <Sonner
        position={mobile ? "top-center" : "bottom-right"}
        offset={mobile ? BELOW_HEADER : ABOVE_BOTTOM_LAYERS}
        mobileOffset={BELOW_HEADER}
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
    </Suspense>,
    host,
  );
}
