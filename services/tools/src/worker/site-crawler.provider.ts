import type { ToolsConfig } from '../config/tools-config.js';
import { SiteCrawler } from '../website/site-crawler.js';

/** The Semantic Expansion crawl with its default limits, naming itself to the sites it reads. */
export function siteCrawlerFor(config: ToolsConfig): SiteCrawler {
  return new SiteCrawler({
    userAgent: `AgenticAgencySiteCheck/1.0 (+${config.publicSiteUrl}/query-fan-out)`,
    ...(config.siteCheck.testOnlyAllowPrivateAddresses ? { testOnlyAllowPrivateAddresses: true } : {}),
    ...(config.siteCheck.testOnlyAllowedPorts.length > 0 ? { testOnlyAllowedPorts: config.siteCheck.testOnlyAllowedPorts } : {}),
  });
}
