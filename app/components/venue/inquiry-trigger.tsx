import { Mail } from "~/components/ui/icons";
import { Button, buttonClass } from "~/components/ui/button";

/**
 * 'Check availability' (issue 23): a link to the inquiry form's own page until the script runs
 * (ADR 020), then a button that opens the form in a dialog on the venue page.
 */
export function InquiryTrigger({
  href,
  hydrated,
  onOpen,
  className,
}: {
  href: string;
  hydrated: boolean;
  onOpen: () => void;
  className?: string;
}) {
  const label = (
    <>
      <Mail className="h-4 w-4" aria-hidden="true" /> Check availability
    </>
  );
  return hydrated ? (
    <Button onClick={onOpen} className={className}>
      {label}
    </Button>
  ) : (
    <a href={href} className={buttonClass("primary", "md", className)}>
      {label}
    </a>
  );
}
