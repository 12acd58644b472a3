import { LoaderCircle } from "~/components/ui/icons";
import { cn } from "~/lib/cn";

export function Spinner({ className, label = "Loading" }: { className?: string; label?: string }) {
  return <LoaderCircle role="status" aria-label={label} className={cn("h-5 w-5 animate-spin", className)} />;
}
