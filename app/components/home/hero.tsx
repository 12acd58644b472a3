import { CalendarHeart, ChevronDown, MapPin, Search, Users, type Icon } from "~/components/ui/icons";
import { useEffect, useState, type InputHTMLAttributes } from "react";
import { Form, useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { useHydrated } from "~/lib/use-hydrated";
import { heroSearchUrl } from "~/lib/hero-search";

const HERO_IMAGES = ["/images/hero-1", "/images/hero-2", "/images/hero-3"] as const;
export const HERO_INTERVAL_MS = 6000;
const FADE_MS = 1000;

const srcSet = (base: string) => `${base}-960.webp 960w, ${base}.webp 1920w`;

/**
 * One box of the hero's search: an icon, a label for screen readers, the input; a short
 * `caption` is shown too where the field has no placeholder (a date).
 */
function SearchField({
  icon: Icon,
  label,
  caption,
  ...props
}: { icon: Icon; label: string; caption?: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className="flex items-center gap-2 rounded-xl border border-sand px-3 focus-within:border-primary focus-within:ring-2 focus-within:ring-primary">
      <Icon className="h-5 w-5 shrink-0 text-muted" aria-hidden="true" />
      {caption ? (
        <span aria-hidden="true" className="shrink-0 text-sm text-muted">
          {caption}
        </span>
      ) : null}
      <span className="sr-only">{label}</span>
      <input className="h-12 w-full bg-transparent outline-none placeholder:text-muted" {...props} />
    </label>
  );
}

function Slideshow() {
  const [index, setIndex] = useState(0);
  const mounted = useHydrated();
  useEffect(() => {
    const t = setInterval(() => setIndex((i) => (i + 1) % HERO_IMAGES.length), HERO_INTERVAL_MS);
    return () => clearInterval(t);
  }, []);
  return (
    <div className="absolute inset-0" aria-hidden="true">
      {HERO_IMAGES.map((base, i) =>
        // Only the first image is in the server HTML (preloaded, it is the LCP); the others load after hydration.
        i === 0 || mounted ? (
          <img
            key={base}
            src={`${base}.webp`}
            srcSet={srcSet(base)}
            sizes="100vw"
            alt=""
            width={1920}
            height={1080}
            fetchPriority={i === 0 ? "high" : "low"}
            data-active={i === index ? "true" : "false"}
            className={cn(
              "absolute inset-0 h-full w-full object-cover transition-opacity ease-in-out",
              i === index ? "opacity-100" : "opacity-0",
            )}
            style={{ transitionDuration: `${FADE_MS}ms` }}
          />
        ) : null,
      )}
      <div className="absolute inset-0 bg-gradient-to-b from-black/45 via-black/30 to-black/65" />
    </div>
  );
}

export function Hero() {
  const navigate = useNavigate();
  return (
    <section className="relative flex min-h-[100svh] items-center justify-center overflow-hidden text-white">
      <Slideshow />
      <div className="relative z-10 mx-auto w-full max-w-5xl px-4 pb-16 pt-28 text-center">
        <h1 className="text-4xl leading-tight text-balance drop-shadow-md sm:text-6xl">
          Find Your Perfect Colorado Wedding Venue
        </h1>
        <p className="mx-auto mt-5 max-w-2xl text-lg text-white/90 drop-shadow sm:text-xl">
          Discover stunning locations across Colorado, from breathtaking mountain views to charming rustic
          barns.
        </p>
        <Form
          method="get"
          action="/venues"
          role="search"
          aria-label="Search venues"
          className="mx-auto mt-10 grid max-w-5xl gap-3 rounded-2xl bg-white/95 p-3 text-ink shadow-lift sm:grid-cols-2 lg:grid-cols-[1fr_1fr_0.75fr_1.15fr_auto]"
          onSubmit={(event) => {
            event.preventDefault();
            const f = new FormData(event.currentTarget);
            navigate(
              heroSearchUrl({
                location: String(f.get("location") ?? ""),
                venueName: String(f.get("venueName") ?? ""),
                guests: String(f.get("guests") ?? ""),
                date: String(f.get("date") ?? ""),
              }),
            );
          }}
        >
          <SearchField icon={MapPin} label="City or zip code" name="location" placeholder="City, Zip Code" />
          <SearchField icon={Search} label="Venue name" name="venueName" placeholder="Venue name" />
          <SearchField
            icon={Users}
            label="Number of guests"
            name="guests"
            type="number"
            min={1}
            inputMode="numeric"
            placeholder="Guests"
            onKeyDown={(e) => {
              if (["e", "E", "+", "-", ".", ","].includes(e.key)) e.preventDefault();
            }}
          />
          <SearchField
            icon={CalendarHeart}
            label="Wedding date (optional)"
            caption="Date"
            name="date"
            type="date"
          />
          <Button type="submit" size="lg" className="h-12 rounded-xl sm:col-span-2 lg:col-span-1">
            <Search className="h-5 w-5" aria-hidden="true" /> Search
          </Button>
        </Form>
      </div>
      <a
        href="#featured"
        className="on-dark absolute bottom-6 left-1/2 z-10 flex -translate-x-1/2 flex-col items-center text-sm text-white/90"
      >
        Scroll to explore
        {/* Three bounces, then still: an endless one would draw a frame every 16 ms for as long as
            the page is open. It moves a span, as Chrome animates an SVG on the main thread. */}
        <span className="mt-1 animate-bounce [animation-iteration-count:3]">
          <ChevronDown className="h-5 w-5" aria-hidden="true" />
        </span>
      </a>
    </section>
  );
}
