import { createRootRouteWithContext, HeadContent, Outlet, Scripts, useMatches } from '@tanstack/react-router';
import { useEffect } from 'react';
import { CookieBanner } from '../components/cookie-banner';
import { NotFoundScreen } from '../components/not-found-screen';
import { RouteAnnouncer } from '../components/route-announcer';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';
import { Toaster } from '../components/toast/toaster';
import { organisationFacts } from '../content/page-meta-copy';
import faviconUrl from '../assets/favicon.svg';
import brandFontUrl from '../assets/fonts/inter-latin-wght-normal.woff2';
import { jsonLdBlock } from '../seo/page-head';
import { organisationRecord, websiteRecord } from '../seo/structured-data';
import type { RouterContext } from '../router-context';

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  head: ({ match }) => {
    const site = match.context.siteConfig;
    return {
      meta: [
        { charSet: 'utf-8' },
        { name: 'viewport', content: 'width=device-width, initial-scale=1' },
        { name: 'theme-color', content: '#0d1024' },
        { name: 'format-detection', content: 'telephone=no' },
        jsonLdBlock(organisationRecord(site, organisationFacts)),
        jsonLdBlock(websiteRecord(site)),
      ],
      links: [
        // The brand typeface (global.css), fetched alongside the stylesheet rather than after it.
        { rel: 'preload', href: brandFontUrl, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
        { rel: 'icon', href: faviconUrl, type: 'image/svg+xml' },
        { rel: 'alternate', type: 'application/rss+xml', title: `${site.brandName} Blog`, href: '/rss.xml' },
      ],
    };
  },
  component: RootDocument,
  notFoundComponent: NotFoundScreen,
});

function RootDocument() {
  // Marks the page interactive (browser tests wait for it; CSS could too).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  // Staff pages have their own layout: no visitor header, footer, Get Started button or cookie banner.
  const adminLayout = useMatches({ select: (matches) => matches.some((match) => match.staticData.layout === 'admin') });
  return (
    <html lang="en-GB">
      <head>
        <HeadContent />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        {adminLayout ? null : <SiteHeader />}
        <main id="main" tabIndex={-1} className={adminLayout ? 'admin-main' : undefined}>
          <Outlet />
        </main>
        {adminLayout ? null : (
          <>
            <SiteFooter />
            <CookieBanner />
          </>
        )}
        <Toaster />
        <RouteAnnouncer />
        <Scripts />
      </body>
    </html>
  );
}
