import { useRouteContext } from '@tanstack/react-router';
import type { SiteConfig } from './site-config';

export function useSiteConfig(): SiteConfig {
  return useRouteContext({ from: '__root__', select: (context) => context.siteConfig });
}
