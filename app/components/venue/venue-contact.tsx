import { Mail, MapPin, Phone } from "~/components/ui/icons";
import { Link } from "~/components/ui/link";
import { mapsSearchUrl, type VenueView } from "~/lib/venue";

/**
 * Phone, email (mailto) and the address, which opens a maps search in a new tab; and, for a listing
 * nobody manages, the way to claim it (ADR 047), as the last line.
 */
export function VenueContact({
  venue: v,
  claimHref,
}: {
  venue: Pick<VenueView, "phone" | "email" | "location">;
  claimHref?: string;
}) {
  const items = [
    { Icon: Phone, text: v.phone, href: `tel:${v.phone?.replace(/[^\d+]/g, "")}`, external: false },
    { Icon: Mail, text: v.email, href: `mailto:${v.email}`, external: false },
    { Icon: MapPin, text: v.location, href: mapsSearchUrl(v.location), external: true },
  ];
  return (
    // `.contact` in app/styles/venue-page.css styles the rows, their icons and links.
    <ul className="contact">
      {items.map(({ Icon, text, href, external }) =>
        text ? (
          <li key={href}>
            <Icon />
            <a
              href={href}
              target={external ? "_blank" : undefined}
              rel={external ? "noopener noreferrer" : undefined}
            >
              {text}
              {external ? <span className="sr-only"> (opens a map in a new tab)</span> : null}
            </a>
          </li>
        ) : null,
      )}
      {claimHref ? (
        <li>
          <Link to={claimHref}>Is this your venue?</Link>
        </li>
      ) : null}
    </ul>
  );
}
