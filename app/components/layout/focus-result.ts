// Focus after a save (issue 41, item 16): when an action's answer removed the control that had
// the focus (a restored or approved row, a re-drawn form), the browser leaves it on <body> and a
// keyboard user starts again from the top. One rule for every screen: the success toast takes it
// (it is in sight and says what happened) and, when the toast goes, sonner gives it back to the
// page's heading, focused first for that, never to <body>.

/** Whether the focus is nowhere a keyboard user could go on from. */
export const focusLost = (doc: Document) => {
  const active = doc.activeElement;
  return !active || active === doc.body || !active.isConnected;
};

const FRAMES = 30;

/** The toast showing `message`, once sonner has drawn it (a few frames after the call). */
function drawnToast(message: string): Promise<HTMLElement | null> {
  return new Promise((resolve) => {
    let left = FRAMES;
    const look = () => {
      const found = [...document.querySelectorAll<HTMLElement>("[data-sonner-toast]")].find(
        (el) => el.dataset.removed !== "true" && el.textContent?.includes(message),
      );
      if (found || --left === 0) resolve(found ?? null);
      else requestAnimationFrame(look);
    };
    look();
  });
}

/** Moves a lost focus to the toast of `message`, by way of the page's heading. */
export async function focusResult(message: string): Promise<void> {
  if (!focusLost(document)) return;
  const heading = document.querySelector<HTMLElement>("main h1") ?? document.querySelector("h1");
  if (heading) {
    if (!heading.hasAttribute("tabindex")) heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  }
  const toast = await drawnToast(message);
  // Only if nothing else took the focus meanwhile (the user tabbed on, a dialog opened).
  const active = document.activeElement;
  if (toast && (active === heading || focusLost(document))) toast.focus({ preventScroll: true });
}
