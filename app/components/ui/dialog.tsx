import { X } from "lucide-react";
import { Dialog as D } from "radix-ui";
import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

export const Dialog = D.Root;
export const DialogTrigger = D.Trigger;
export const DialogClose = D.Close;

type ContentProps = {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  hideTitle?: boolean;
};

export function DialogContent({ title, description, children, className, hideTitle }: ContentProps) {
  return (
    <D.Portal>
      <D.Overlay className="fixed inset-0 z-50 bg-ink/50 backdrop-blur-[2px] data-[state=open]:animate-fade-in" />
      <D.Content
        className={cn(
          "fixed left-1/2 top-1/2 z-50 max-h-[92dvh] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-ivory p-6 shadow-lift focus:outline-none data-[state=open]:animate-fade-in",
          className,
        )}
        aria-describedby={description ? undefined : undefined}
      >
        <D.Title className={cn("font-serif text-2xl", hideTitle && "sr-only")}>{title}</D.Title>
        {description ? (
          <D.Description className="mt-1 text-sm text-muted">{description}</D.Description>
        ) : null}
        {children}
        <D.Close
          className="absolute right-3 top-3 rounded-full p-2 text-muted hover:bg-cream hover:text-ink"
          aria-label="Close"
        >
          <X className="h-5 w-5" aria-hidden="true" />
        </D.Close>
      </D.Content>
    </D.Portal>
  );
}
