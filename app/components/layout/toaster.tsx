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
      richColors
      closeButton
      toastOptions={{ className: "font-sans" }}
    />
  );
}
