import type { QueryClient } from '@tanstack/react-query';
import type { SiteConfig } from './config/site-config';

/** What every route's loader and head receive through the router (STYLE: queryClient via context). */
export interface RouterContext {
  queryClient: QueryClient;
  siteConfig: SiteConfig;
}

/** Sent from the server render to the browser with the page. */
export interface DehydratedAppState {
  /** The query cache as JSON text: it holds only the services' JSON answers. */
  queryState: string;
  siteConfig: SiteConfig;
}
