import type { Config } from "~/infra/config.server";

// Who else handles a person's data, as this server is configured (issue 46): the privacy page
// names the processors actually in use, not a list that may or may not apply.

export type Processor = { role: string; who: string; what: string };

const hostOf = (url: string) => {
  try {
    return new URL(url.replace(/\{[a-z]\}/g, "a")).hostname;
  } catch {
    return url;
  }
};

export function processorsOf(config: Config): Processor[] {
  const { storage, geocoder, analytics } = config;
  return [
    config.smtpUrl
      ? {
          role: "Mail",
          who: `the mail server at ${hostOf(config.smtpUrl)}`,
          what: "each mail's address and text, to deliver it",
        }
      : {
          role: "Mail",
          who: "no one: mail is not sent out, only kept on our server",
          what: "nothing leaves the server",
        },
    storage.driver === "s3"
      ? {
          role: "Photos and downloads",
          who: `S3 storage at ${storage.s3.endpoint ? hostOf(storage.s3.endpoint) : `Amazon Web Services (${storage.s3.region})`}`,
          what: "venue photos, and your data download while it waits for you",
        }
      : {
          role: "Photos and downloads",
          who: "our own server",
          what: "venue photos, and your data download while it waits for you",
        },
    {
      role: "Maps",
      who: hostOf(config.mapTileUrl),
      what: "your browser loads map pictures from it, which shows it your IP address; nothing else",
    },
    geocoder.driver === "offline"
      ? {
          role: "Addresses to map positions",
          who: "our own server, from a built-in table",
          what: "nothing leaves the server",
        }
      : {
          role: "Addresses to map positions",
          who:
            geocoder.driver === "google"
              ? "Google Geocoding API"
              : `OpenStreetMap Nominatim (${hostOf(geocoder.url)})`,
          what: "a venue's address when it is saved; never a person's",
        },
    analytics.gaMeasurementId || analytics.gtmId
      ? {
          role: "Analytics",
          who: analytics.gaMeasurementId ? "Google Analytics" : "Google Tag Manager",
          what: "pages viewed and searches, unless your browser sends the Global Privacy Control signal",
        }
      : { role: "Analytics", who: "none", what: "no analytics script is loaded" },
  ];
}
