import { Share2 } from "~/components/ui/icons";
import { showToast } from "~/components/layout/use-toast";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * Native share sheet where there is one; otherwise the link goes to the clipboard. Both need the
 * script, so the button is disabled until it runs (ADR 020).
 */
export function ShareButton({ name }: { name: string }) {
  const hydrated = useHydrated();
  const share = async () => {
    const url = window.location.href;
    const text = `Check out this wedding venue: ${name}`;
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title: name, text, url });
        return;
      } catch (err) {
        if (err instanceof DOMException && err.name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      void showToast({ type: "success", message: "Link copied to clipboard" });
    } catch {
      void showToast({ type: "error", message: "Could not copy the link" });
    }
  };
  return (
    <Button variant="outline" onClick={share} disabled={!hydrated}>
      <Share2 className="h-4 w-4" aria-hidden="true" /> Share
    </Button>
  );
}
