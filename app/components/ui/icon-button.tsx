import type { ButtonHTMLAttributes } from "react";
import { cn } from "~/lib/cn";

const tones = {
  primary: "hover:bg-primary-soft hover:text-primary",
  danger: "hover:bg-red-50 hover:text-danger",
};

type IconButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, "aria-label" | "type"> & {
  /** The button's accessible name; also its tooltip unless `title` says otherwise. */
  label: string;
  tone?: keyof typeof tones;
};

/** A round button holding one icon (a list row's or a card's actions). */
export function IconButton({ label, title = label, tone = "primary", className, ...props }: IconButtonProps) {
  return (
    <button
      type="button"
      aria-label={label}
      title={title}
      className={cn(
        "inline-flex h-9 w-9 cursor-pointer items-center justify-center rounded-full text-ink-soft disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent",
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}
