import { useRef, type MouseEvent, type PointerEvent } from "react";

/** How far a finger must travel sideways, in CSS pixels, for a swipe. */
const MIN_DISTANCE = 40;
/** Movement before a mouse drag takes the pointer over (a plain click stays a click). */
const CAPTURE_AFTER = 10;

type Options = {
  /** 1 for the next picture (swiping left), -1 for the previous one. */
  onSwipe: (direction: 1 | -1) => void;
  /** Pointer types that may swipe; every type when omitted. */
  pointerTypes?: readonly ("mouse" | "pen" | "touch")[];
  /** Whether a gesture starting at this point counts, e.g. only over a card's photos. */
  startsAt?: (x: number, y: number) => boolean;
};

/**
 * A horizontal swipe from pointer events, for photo carousels: a few lines instead of a carousel
 * library on the venue page. The element needs `touch-action: pan-y` (`touch-pan-y`) so the
 * browser keeps vertical scrolling and hands horizontal moves to us. The click that may follow a
 * swipe at once is swallowed, so a swipe over a link does not open it.
 */
export function useSwipe({ onSwipe, pointerTypes, startsAt }: Options) {
  const start = useRef<{ id: number; x: number; y: number; captured: boolean } | null>(null);
  // When the last swipe ended: only a click right after it (the same gesture's) is swallowed.
  const swipedAt = useRef(0);
  return {
    onPointerDown(e: PointerEvent<HTMLElement>) {
      start.current = null;
      if (!e.isPrimary || (e.pointerType === "mouse" && e.button !== 0)) return;
      if (pointerTypes && !pointerTypes.includes(e.pointerType as "mouse" | "pen" | "touch")) return;
      if (startsAt && !startsAt(e.clientX, e.clientY)) return;
      start.current = { id: e.pointerId, x: e.clientX, y: e.clientY, captured: false };
    },
    onPointerMove(e: PointerEvent<HTMLElement>) {
      const s = start.current;
      if (!s || s.id !== e.pointerId || s.captured || e.pointerType === "touch") return;
      // A mouse or pen drag keeps reporting to us even when it leaves the element.
      if (Math.abs(e.clientX - s.x) > CAPTURE_AFTER) {
        s.captured = true;
        e.currentTarget.setPointerCapture(e.pointerId);
      }
    },
    onPointerUp(e: PointerEvent<HTMLElement>) {
      const s = start.current;
      start.current = null;
      if (!s || s.id !== e.pointerId) return;
      const dx = e.clientX - s.x;
      const dy = e.clientY - s.y;
      if (Math.abs(dx) < MIN_DISTANCE || Math.abs(dx) < Math.abs(dy) * 1.5) return;
      swipedAt.current = e.timeStamp;
      onSwipe(dx < 0 ? 1 : -1);
    },
    onPointerCancel() {
      start.current = null;
    },
    onClickCapture(e: MouseEvent<HTMLElement>) {
      if (swipedAt.current === 0 || e.timeStamp - swipedAt.current > 500) return;
      swipedAt.current = 0;
      e.preventDefault();
      e.stopPropagation();
    },
  };
}
