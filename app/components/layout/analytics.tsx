import { useEffect } from "react";
import { useLocation } from "react-router";
import { track } from "~/lib/analytics";

type Props = { config: { gaMeasurementId?: string; gtmId?: string }; nonce?: string };

/** Loads the configured tag (if any) and reports a page_view on every navigation. */
export function Analytics({ config, nonce }: Props) {
  const location = useLocation();
  useEffect(() => {
    track({
      name: "page_view",
      params: { page_path: location.pathname + location.search, page_title: document.title },
    });
  }, [location.pathname, location.search]);

  // Loaded by a line of script, not a <script src>, so that a browser sending the Global Privacy
  // Control signal only from `navigator` (not as a header) loads nothing either (issue 46).
  const load = (src: string, then: string) =>
    `if(!navigator.globalPrivacyControl){window.dataLayer=window.dataLayer||[];${then}var s=document.createElement('script');s.async=true;s.src=${src};document.head.appendChild(s);}`;
  const html = config.gaMeasurementId
    ? load(
        `'https://www.googletagmanager.com/gtag/js?id='+encodeURIComponent(${JSON.stringify(config.gaMeasurementId)})`,
        `window.gtag=function(){dataLayer.push(arguments)};gtag('js',new Date());gtag('config',${JSON.stringify(config.gaMeasurementId)},{send_page_view:false});`,
      )
    : config.gtmId
      ? load(
          `'https://www.googletagmanager.com/gtm.js?id='+encodeURIComponent(${JSON.stringify(config.gtmId)})`,
          "window.dataLayer.push({'gtm.start':Date.now(),event:'gtm.js'});",
        )
      : null;
  if (html) return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: html }} />;
  return null;
}
