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

// `.btn` and its variants and sizes in app/styles/venue-page.css: what every button shares, and
// each look, once in the stylesheet rather than in each tag (`btn btn-outline` where the tag
// carried 56 bytes of utilities; issue 42). `.btn` has the md size. A caller's utilities win.
export function buttonClass(variant: Variant = "primary", size: Size = "md", className?: string): string {
  return cn("btn", `btn-${variant}`, size !== "md" && `btn-${size}`, className);
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
