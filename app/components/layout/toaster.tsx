import { useEffect, useState } from "react";
import { Toaster as Sonner } from "sonner";

/** Toasts bottom-right on desktop, top-centre on mobile (VISUAL.md). */
export function Toaster() {
  const [mobile, setMobile] = useState(false);
  useEffect(() => {
    const mq = window.matchMedia("(max-width: 767px)");
    const update = () => setMobile(mq.matches);
    update();
    mq.addEventListener("change", update);
    return () => mq.removeEventListener("change", update);
  }, []);
  return (
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
  );
}
