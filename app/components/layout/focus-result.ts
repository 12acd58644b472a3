// Focus after a save (issue 41, item 16): when an action's answer removed the control that had
// the focus (a restored or approved row, a re-drawn form), the browser leaves it on <body> and a
// keyboard user starts again from the top. One rule for every screen: the page's heading takes
// it, never <body>, while the success toast says what happened.

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

/**
 * Moves a lost focus to the page's heading once the toast is drawn (the toast is announced; a
 * focused toast would, by sonner's design, pull the focus back when anything else takes it): a
 * screen that puts the focus back itself (a moved image's arrows) has done so by then.
 */
export async function focusResult(message: string): Promise<void> {
  await drawnToast(message);
  if (!focusLost(document)) return;
  const heading = document.querySelector<HTMLElement>("main h1") ?? document.querySelector("h1");
  if (!heading) return;
  if (!heading.hasAttribute("tabindex")) heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
}
