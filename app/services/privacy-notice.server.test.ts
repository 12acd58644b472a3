import { describe, expect, it } from "vitest";
import { loadConfig } from "~/infra/config.server";
import { processorsOf } from "./privacy-notice.server";

const base = { DATA_DIR: "/tmp/vv-privacy-test", SITE_URL: "https://vows.example" };
const byRole = (env: Record<string, string>) =>
  Object.fromEntries(processorsOf(loadConfig({ ...base, ...env })).map((p) => [p.role, p.who]));

describe("the processors the privacy page names", () => {
  it("are our own server, with nothing configured", () => {
    expect(byRole({})).toEqual({
      Mail: "no one: mail is not sent out, only kept on our server",
      "Photos and downloads": "our own server",
      Maps: "tile.openstreetmap.org",
      "Addresses to map positions": "our own server, from a built-in table",
      Analytics: "none",
    });
  });

  it("follow the settings, and never show a mail server's password", () => {
    const who = byRole({
      SMTP_URL: "smtps://mailer:s3cret@smtp.postmark.example:465",
      STORAGE: "s3",
      S3_BUCKET: "venues",
      S3_PUBLIC_URL: "https://cdn.vows.example",
      S3_ENDPOINT: "https://r2.cloudflare.example",
      MAP_TILE_URL: "https://{s}.tiles.example/{z}/{x}/{y}.png",
      GEOCODER: "nominatim",
      GA_MEASUREMENT_ID: "G-123",
    });
    expect(who).toEqual({
      Mail: "the mail server at smtp.postmark.example",
      "Photos and downloads": "S3 storage at r2.cloudflare.example",
      Maps: "a.tiles.example",
      "Addresses to map positions": expect.stringMatching(/^OpenStreetMap Nominatim \(/),
      Analytics: "Google Analytics",
    });
    expect(JSON.stringify(who)).not.toContain("s3cret");
    expect(byRole({ GTM_ID: "GTM-1", GEOCODER: "google", GOOGLE_GEOCODING_API_KEY: "k" })).toMatchObject({
      Analytics: "Google Tag Manager",
      "Addresses to map positions": "Google Geocoding API",
    });
  });
});
