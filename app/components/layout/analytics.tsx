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

  if (config.gaMeasurementId) {
    const id = JSON.stringify(config.gaMeasurementId);
    return (
      <>
        <script
          async
          nonce={nonce}
          src={`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(config.gaMeasurementId)}`}
        />
        <script
          nonce={nonce}
          dangerouslySetInnerHTML={{
            __html: `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag('js',new Date());gtag('config',${id},{send_page_view:false});`,
          }}
        />
      </>
    );
  }
  if (config.gtmId) {
    const id = JSON.stringify(config.gtmId);
    return (
      <script
        nonce={nonce}
        dangerouslySetInnerHTML={{
          __html: `window.dataLayer=window.dataLayer||[];window.dataLayer.push({'gtm.start':Date.now(),event:'gtm.js'});var s=document.createElement('script');s.async=true;s.src='https://www.googletagmanager.com/gtm.js?id='+encodeURIComponent(${id});document.head.appendChild(s);`,
        }}
      />
    );
  }
  return null;
}
