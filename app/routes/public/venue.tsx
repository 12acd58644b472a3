import { CalendarHeart, Globe, Heart, Mail, MapPin, Phone, Users } from "lucide-react";
import { useEffect } from "react";
import { data, isRouteErrorResponse, Link, redirect, useRouteError } from "react-router";
import type { Route } from "./+types/venue";
import { initials } from "~/components/layout/user-avatar";
import { Button, ButtonLink } from "~/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { RatingSummary } from "~/components/venue/rating";
import { ShareButton } from "~/components/venue/share-button";
import { useFavorite } from "~/components/venue/use-favorite";
import { VenueAmenities } from "~/components/venue/venue-amenities";
import { VenueFaqs } from "~/components/venue/venue-faqs";
import { VenueGallery } from "~/components/venue/venue-gallery";
import { VenueImage } from "~/components/venue/venue-image";
import { VenueReviews, type ReviewReply } from "~/components/venue/venue-reviews";
import { getUser } from "~/infra/session.server";
import { track } from "~/lib/analytics";
import { cn } from "~/lib/cn";
import { usableImages } from "~/lib/images";
import { useRootData } from "~/lib/root-data";
import { seoMeta, siteFromMatches } from "~/lib/seo";
import { reviewSchema } from "~/lib/validation/review";
import { formValues, validate } from "~/lib/validation/form";
import { mapsSearchUrl, priceDisplay, venueMetaDescription, websiteUrl } from "~/lib/venue";
import { venueJsonLd } from "~/lib/venue-seo";
import { isUuid, parseVenueParam, venuePath } from "~/lib/venue-url";
import { listFaqs } from "~/services/faqs.server";
import { getOwnReview, listReviews, saveReview } from "~/services/reviews.server";
import { getVenueForViewer } from "~/services/venues.server";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = parseVenueParam(params.slugId);
  if (!isUuid(id)) return data({ state: "invalid" as const, id }, { status: 404 });
  const user = await getUser(request, context);
  const venue = await getVenueForViewer(context.db, id, user);
  if (!venue) return data({ state: "not-found" as const, id }, { status: 404 });

  const canonical = venuePath(venue);
  const url = new URL(request.url);
  if (url.pathname !== canonical) throw redirect(canonical + url.search, 301);

  // FAQs and reviews failing must not take the page down (spec): they degrade to a message.
  const [faqs, reviews, ownReview] = await Promise.all([
    listFaqs(context.db, venue.id).catch((err: unknown) => (context.logger.error("faqs failed", { error: String(err) }), null)),
    listReviews(context.db, venue.id).catch((err: unknown) => (context.logger.error("reviews failed", { error: String(err) }), null)),
    user ? getOwnReview(context.db, venue.id, user.id) : null,
  ]);
  return { state: "found" as const, venue, faqs, reviews, ownReview };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const id = parseVenueParam(params.slugId);
  const user = await getUser(request, context);
  if (!user) return data<ReviewReply>({ ok: false, errors: { form: "Please login to submit a review" } }, { status: 401 });
  const venue = isUuid(id) ? await getVenueForViewer(context.db, id, user) : null;
  if (!venue || venue.status !== "approved")
    return data<ReviewReply>({ ok: false, toast: { type: "error", message: "Failed to submit review: Venue not found" } }, { status: 404 });
  const parsed = validate(reviewSchema, formValues(await request.formData()));
  if (!parsed.ok) return data<ReviewReply>({ ok: false, errors: parsed.errors }, { status: 400 });
  try {
    await saveReview(context.db, { venueId: venue.id, userId: user.id, ...parsed.data });
  } catch (err) {
    context.logger.error("review failed", { error: String(err) });
    return data<ReviewReply>(
      { ok: false, toast: { type: "error", message: "Failed to submit review: An unknown error occurred" } },
      { status: 500 },
    );
  }
  return data<ReviewReply>({ ok: true, toast: { type: "success", message: "Your review has been submitted!" } });
}

export const meta: Route.MetaFunction = ({ data: d, matches }) => {
  const site = siteFromMatches(matches);
  if (!d || d.state === "invalid") return seoMeta(site, { title: "Invalid Venue", noindex: true });
  if (d.state === "not-found") return seoMeta(site, { title: "Venue Not Found", noindex: true });
  const v = d.venue;
  const description = venueMetaDescription(v);
  const image = usableImages(v.images).find((i) => !i.startsWith("data:") && !i.startsWith("blob:"));
  return seoMeta(site, {
    title: `${v.name}${v.city ? ` | ${v.city}, Colorado` : ""} Wedding Venue`,
    description,
    path: v.status === "approved" ? venuePath(v) : undefined,
    noindex: v.status !== "approved",
    image,
    type: "place",
    jsonLd: [venueJsonLd(site, v, description)],
  });
};

function Problem({ title, message, children }: { title: string; message: string; children?: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-xl px-6 py-24 text-center">
      <h1 className="text-3xl">{title}</h1>
      <p className="mt-3 text-ink-soft">{message}</p>
      <div className="mt-8 flex justify-center gap-3">
        {children}
        <ButtonLink to="/" variant={children ? "outline" : "primary"}>
          Return to Home
        </ButtonLink>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? error.statusText || "The venue could not be loaded."
    : "Something went wrong while loading this venue.";
  return (
    <>
      <meta name="robots" content="noindex, nofollow" />
      <Problem title="Error Loading Venue" message={message}>
        <Button onClick={() => window.location.reload()}>Try Again</Button>
      </Problem>
    </>
  );
}

function SaveButton({ venueId, venueName }: { venueId: string; venueName: string }) {
  const { saved, toggle } = useFavorite(venueId);
  return (
    <Button variant={saved ? "secondary" : "outline"} onClick={toggle} aria-pressed={saved} aria-label={saved ? `Remove ${venueName} from favorites` : `Save ${venueName} to favorites`}>
      <Heart className={cn("h-4 w-4", saved && "fill-accent text-accent")} aria-hidden="true" />
      {saved ? "Saved" : "Save"}
    </Button>
  );
}

export default function VenuePage({ loaderData }: Route.ComponentProps) {
  const { user, site } = useRootData();
  const found = loaderData.state === "found" ? loaderData : null;
  useEffect(() => {
    if (found) track({ name: "venue_view", params: { venue_id: found.venue.id, venue_name: found.venue.name } });
  }, [found?.venue.id]); // eslint-disable-line react-hooks/exhaustive-deps

  if (loaderData.state === "invalid")
    return <Problem title="Venue Not Found" message={`Invalid venue ID format: ${loaderData.id}`} />;
  if (!found)
    return <Problem title="Venue Not Found" message="The venue you're looking for doesn't exist or could not be loaded." />;

  const { venue: v, faqs, reviews, ownReview } = found;
  const images = usableImages(v.images);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <nav aria-label="Breadcrumb" className="text-sm text-muted">
        <ol className="flex flex-wrap items-center gap-1.5">
          <li>
            <Link to="/" className="hover:text-primary hover:underline">
              Home
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <Link to="/venues" className="hover:text-primary hover:underline">
              Venues
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="text-ink">
            {v.name}
          </li>
        </ol>
      </nav>

      {v.status === "pending" ? (
        <p role="status" className="mt-4 rounded-lg bg-amber-100 px-4 py-3 text-sm text-amber-900">
          This venue is pending approval and is not visible to the public yet.
        </p>
      ) : null}

      <div className="mt-4">
        <VenueGallery key={v.id} images={images} name={v.name} />
      </div>

      <header className="mt-8 flex flex-col gap-5 md:flex-row md:items-start md:justify-between">
        <div className="flex items-start gap-4">
          {v.logoUrl ? (
            <VenueImage src={v.logoUrl} width={256} height={256} alt={`${v.name} logo`} className="h-16 w-16 shrink-0 rounded-xl border border-sand bg-white object-contain" />
          ) : (
            <span aria-hidden="true" className="flex h-16 w-16 shrink-0 items-center justify-center rounded-xl bg-primary font-serif text-2xl text-white">
              {initials(v.name).slice(0, 2) || v.name.slice(0, 2).toUpperCase()}
            </span>
          )}
          <div>
            <h1 className="text-3xl sm:text-4xl">{v.name}</h1>
            <p className="mt-1 flex flex-wrap items-center gap-x-1.5 text-ink-soft">
              <MapPin className="h-4 w-4" aria-hidden="true" /> {v.city ? `${v.city}, Colorado` : v.location}
              {v.region ? <span className="text-muted">· {v.region}</span> : null}
            </p>
            <div className="mt-2">
              <RatingSummary rating={v.rating} reviewCount={v.reviewCount} />
            </div>
            {v.tags.length > 0 ? (
              <ul className="mt-3 flex flex-wrap gap-2" aria-label="Highlights">
                {v.tags.map((t) => (
                  <li key={t} className="rounded-full bg-primary-soft px-3 py-1 text-xs font-medium text-primary-dark">
                    {t}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        </div>
        <div className="flex shrink-0 gap-2">
          <SaveButton venueId={v.id} venueName={v.name} />
          <ShareButton name={v.name} />
        </div>
      </header>

      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_340px]">
        <Tabs defaultValue="overview">
          <TabsList aria-label="Venue details" className="w-full overflow-x-auto sm:w-fit">
            <TabsTrigger value="overview">Overview</TabsTrigger>
            <TabsTrigger value="amenities">Amenities</TabsTrigger>
            <TabsTrigger value="reviews">Reviews</TabsTrigger>
            <TabsTrigger value="faq">FAQ</TabsTrigger>
          </TabsList>
                    <TabsContent value="overview" className="mt-6">
            <h2 className="sr-only">Overview</h2>
            <div className="space-y-4 whitespace-pre-line leading-relaxed text-ink-soft">{v.description || "No description available."}</div>
            <h3 className="mt-8 font-sans text-lg font-semibold">Contact</h3>
            <ul className="mt-3 space-y-3">
              {v.phone ? (
                <li className="flex items-center gap-3">
                  <Phone className="h-5 w-5 text-muted" aria-hidden="true" />
                  <a href={`tel:${v.phone.replace(/[^\d+]/g, "")}`} className="text-primary underline-offset-4 hover:underline">
                    {v.phone}
                  </a>
                </li>
              ) : null}
              {v.email ? (
                <li className="flex items-center gap-3">
                  <Mail className="h-5 w-5 text-muted" aria-hidden="true" />
                  <a href={`mailto:${v.email}`} className="text-primary underline-offset-4 hover:underline">
                    {v.email}
                  </a>
                </li>
              ) : null}
              {v.location ? (
                <li className="flex items-center gap-3">
                  <MapPin className="h-5 w-5 text-muted" aria-hidden="true" />
                  <a href={mapsSearchUrl(v.location)} target="_blank" rel="noopener noreferrer" className="text-primary underline-offset-4 hover:underline">
                    {v.location}
                    <span className="sr-only"> (opens a map in a new tab)</span>
                  </a>
                </li>
              ) : null}
            </ul>
          </TabsContent>
          <TabsContent value="amenities" className="mt-6">
            <h2 className="mb-4 text-2xl">Amenities</h2>
            <VenueAmenities amenities={v.amenities} />
          </TabsContent>
          <TabsContent value="reviews" className="mt-6">
            <h2 className="mb-4 text-2xl">Reviews</h2>
            <VenueReviews
              reviews={reviews}
              rating={v.rating}
              reviewCount={v.reviewCount}
              user={user}
              ownReview={ownReview}
              canReview={v.status === "approved"}
            />
          </TabsContent>
          <TabsContent value="faq" className="mt-6">
            <h2 className="mb-4 text-2xl">Frequently Asked Questions</h2>
            {faqs === null ? <p role="alert" className="text-danger">FAQs could not be loaded. Please try again later.</p> : <VenueFaqs faqs={faqs} />}
          </TabsContent>
        </Tabs>

        <aside className="h-fit space-y-5 rounded-[var(--radius-card)] border border-sand bg-white p-6 shadow-card lg:sticky lg:top-24">
          {v.capacity > 0 ? (
            <p className="flex items-center gap-3 text-lg">
              <Users className="h-5 w-5 text-primary" aria-hidden="true" /> Up to {v.capacity} guests
            </p>
          ) : null}
          <div>
            <p className="text-sm text-muted">Average price per event</p>
            <p className="font-serif text-2xl">{priceDisplay(v)}</p>
          </div>
          {v.website ? (
            <a href={websiteUrl(v.website)} target="_blank" rel="noopener noreferrer" className="flex h-11 w-full items-center justify-center gap-2 rounded-full bg-primary px-5 text-sm font-medium text-white hover:bg-primary-dark">
              <Globe className="h-4 w-4" aria-hidden="true" /> Visit Website
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          ) : null}
          <div className="flex gap-3 rounded-xl bg-cream p-4 text-sm text-ink-soft">
            <CalendarHeart className="h-5 w-5 shrink-0 text-accent" aria-hidden="true" />
            <p>
              Online booking is coming soon on {site.siteName}. Until then, please contact the venue directly and
              mention that you found them on {site.siteName}.
            </p>
          </div>
        </aside>
      </div>
    </div>
  );
}
