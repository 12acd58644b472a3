import { LoaderCircle } from "~/components/ui/icons";
import { forwardRef, type ButtonHTMLAttributes } from "react";
import { type LinkProps } from "react-router";
import { Link } from "~/components/ui/link";
import { cn } from "~/lib/cn";

/** Controls drawn over photos: a white halo fills the gap inside the focus ring, so the ring shows
 *  on dark and light pictures alike. */
export const OVER_PHOTO_FOCUS = "focus-visible:shadow-[0_0_0_2px_#fff]";

type Variant = "primary" | "secondary" | "ghost" | "outline" | "danger" | "light";
type Size = "sm" | "md" | "lg" | "icon";

// `.btn` in app/styles/venue-page.css: the part every button shares, once in the stylesheet rather than in each tag.
const base = "btn";
const variants: Record<Variant, string> = {
  primary: "bg-primary text-white hover:bg-primary-dark",
  secondary: "bg-cream text-ink hover:bg-sand",
  ghost: "text-ink hover:bg-cream",
  outline: "border border-sand-dark bg-white text-ink hover:bg-cream",
  danger: "bg-danger text-white hover:bg-red-800",
  light: "bg-white/95 text-ink hover:bg-white shadow-card",
};
const sizes: Record<Size, string> = {
  sm: "h-9 px-4 text-sm",
  md: "h-11 px-5 text-sm",
  lg: "h-12 px-7 text-base",
  icon: "h-10 w-10",
};

export function buttonClass(variant: Variant = "primary", size: Size = "md", className?: string): string {
  return cn(base, variants[variant], sizes[size], className);
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: Variant;
  size?: Size;
  /** A submit in flight: the button is disabled, says it is busy and shows a spinner. */
  pending?: boolean;
};

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size, className, type = "button", pending, disabled, children, ...props },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={buttonClass(variant, size, className)}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      {...props}
    >
      {pending ? <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
      {children}
    </button>
  );
});

export function ButtonLink({
  variant,
  size,
  className,
  ...props
}: LinkProps & { variant?: Variant; size?: Size }) {
  return <Link className={buttonClass(variant, size, className)} {...props} />;
}
