import { ChevronLeft, ChevronRight } from "~/components/ui/icons";
import { cn } from "~/lib/cn";
import { OVER_PHOTO_FOCUS } from "./button";

const sizes = {
  sm: { button: "h-8 w-8", icon: "h-5 w-5", left: "left-2", right: "right-2" },
  lg: { button: "h-11 w-11", icon: "h-6 w-6", left: "left-3", right: "right-3" },
};

type Props = {
  onPrevious: () => void;
  onNext: () => void;
  /** Appended to 'Previous photo' / 'Next photo', e.g. ' of Aspen Barn'. */
  labelSuffix?: string;
  size?: keyof typeof sizes;
  className?: string;
};

/** Previous/next buttons over a photo carousel. */
export function CarouselArrows({ onPrevious, onNext, labelSuffix = "", size = "lg", className }: Props) {
  const s = sizes[size];
  const base = cn(
    "absolute top-1/2 z-10 flex -translate-y-1/2 cursor-pointer items-center justify-center rounded-full bg-white/90 text-ink shadow-card hover:bg-white",
    OVER_PHOTO_FOCUS,
    s.button,
    className,
  );
  const arrows = [
    { label: "Previous", onClick: onPrevious, side: "left", Icon: ChevronLeft },
    { label: "Next", onClick: onNext, side: "right", Icon: ChevronRight },
  ] as const;
  return (
    <>
      {arrows.map(({ label, onClick, side, Icon }) => (
        <button
          key={label}
          type="button"
          onClick={onClick}
          aria-label={`${label} photo${labelSuffix}`}
          className={cn(base, s[side])}
        >
          <Icon className={s.icon} aria-hidden="true" />
        </button>
      ))}
    </>
  );
}
