import { Mail, MapPin, Phone } from "~/components/ui/icons";
import { mapsSearchUrl, type VenueView } from "~/lib/venue";

/** Phone, email (mailto) and the address, which opens a maps search in a new tab. */
export function VenueContact({ venue: v }: { venue: Pick<VenueView, "phone" | "email" | "location"> }) {
  const items = [
    { Icon: Phone, text: v.phone, href: `tel:${v.phone?.replace(/[^\d+]/g, "")}`, external: false },
    { Icon: Mail, text: v.email, href: `mailto:${v.email}`, external: false },
    { Icon: MapPin, text: v.location, href: mapsSearchUrl(v.location), external: true },
  ];
  return (
    <ul className="mt-3 space-y-3">
      {items.map(({ Icon, text, href, external }) =>
        text ? (
          <li key={href} className="flex items-center gap-3">
            <Icon className="h-5 w-5 shrink-0 text-muted" aria-hidden="true" />
            <a
              href={href}
              target={external ? "_blank" : undefined}
              rel={external ? "noopener noreferrer" : undefined}
              className="min-w-0 wrap-anywhere text-primary underline-offset-4 hover:underline"
            >
              {text}
              {external ? <span className="sr-only"> (opens a map in a new tab)</span> : null}
            </a>
          </li>
        ) : null,
      )}
    </ul>
  );
}
