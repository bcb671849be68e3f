import type { QueryClient } from '@tanstack/react-query';
import type { SiteConfig } from './config/site-config';

/** What every route's loader and head receive through the router; the server renders each request with its own queryClient. */
export interface RouterContext {
  queryClient: QueryClient;
  siteConfig: SiteConfig;
}

/** Sent from the server render to the browser with the page (the query cache goes alongside). */
export interface DehydratedAppState {
  siteConfig: SiteConfig;
}
