import type { SiteConfig } from '../config/site-config';
import { toolPages, type ToolKey } from '../content/tools-copy';
import type { StaticRoutePath } from '../content/page-meta-copy';
import { staticPageHead } from '../seo/static-page-head';
import { softwareApplicationRecord } from '../seo/structured-data';

/** Every free tool's page declares itself a SoftwareApplication priced 0 GBP. */
export function toolRouteHead(key: ToolKey, site: SiteConfig) {
  const tool = toolPages[key];
  return staticPageHead(tool.path as StaticRoutePath, site, {
    breadcrumb: tool.name,
    extra: { schema: [softwareApplicationRecord(site, tool)] },
  });
}
