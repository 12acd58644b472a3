import { useLocation } from "react-router";
import { Heart } from "~/components/ui/icons";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { useRootData } from "~/lib/root-data";
import { FAVORITES_ACTION, useFavorite } from "./use-favorite";

// Before the script runs (and without it) a heart is the submit button of one of two forms the
// page carries once: save, or remove. The button names its form (`form=`) and gives the venue
// (`name=venueId`). A form per heart cost 6.8 KB on a page of 24 cards, over its HTML budget.
const SAVE_FORM = "favorite-save";
const REMOVE_FORM = "favorite-remove";

/** The page's two favourite forms, posting to /api/favorites and coming back here (ADR 020). The
 *  removing one only for someone with favourites: no other heart is ever saved without the script
 *  (a guest's save goes to sign-in first), and with it the hearts use a fetcher (issue 42). */
export function FavoriteForms() {
  const { pathname, search } = useLocation();
  const { favoriteIds } = useRootData();
  return (favoriteIds.length > 0 ? [true, false] : [true]).map((saved) => (
    <form
      key={String(saved)}
      id={saved ? SAVE_FORM : REMOVE_FORM}
      method="post"
      action={FAVORITES_ACTION}
      hidden
    >
      <input type="hidden" name="saved" value={String(saved)} />
      <input type="hidden" name="returnTo" value={pathname + search} />
    </form>
  ));
}

/** The heart on a card, or the labelled Save/Saved button of the venue page. */
export function FavoriteHeart({
  venueId,
  venueName,
  labelled = false,
  className,
}: {
  venueId: string;
  venueName: string;
  labelled?: boolean;
  className?: string;
}) {
  const { saved, toggle } = useFavorite(venueId);
  return (
    // A submit button (the default type) of the form it names.
    <button
      form={saved ? REMOVE_FORM : SAVE_FORM}
      name="venueId"
      value={venueId}
      onClick={toggle}
      aria-pressed={saved}
      aria-label={saved ? `Remove ${venueName} from favorites` : `Save ${venueName} to favorites`}
      // The card's heart is one class (`.card-fav` in app/styles/cards.css), its fill read from aria-pressed.
      className={
        labelled ? buttonClass(saved ? "secondary" : "outline", "md", className) : cn("card-fav", className)
      }
    >
      {/* The card's heart is its ::before; the venue page's is filled once saved. */}
      {!labelled ? null : saved ? (
        <i className="i i-heart-fill h-4 w-4 text-accent" />
      ) : (
        <Heart className="h-4 w-4 text-ink" aria-hidden="true" />
      )}
      {labelled ? (saved ? "Saved" : "Save") : null}
    </button>
  );
}
