import type { ToolsConfig } from '../config/tools-config.js';
import { SiteCrawler } from '../website/site-crawler.js';

/** The Semantic Expansion crawl: a handful of pages, quickly, politely. */
export function siteCrawlerFor(config: ToolsConfig): SiteCrawler {
  return new SiteCrawler({
    maxPages: 8,
    maxBytesPerResponse: 1_500_000,
    requestTimeoutMs: 5000,
    totalTimeMs: 15_000,
    maxRedirects: 3,
    userAgent: `AgenticAgencySiteCheck/1.0 (+${config.publicSiteUrl}/query-fan-out)`,
    ...(config.siteCheck.testOnlyAllowPrivateAddresses ? { testOnlyAllowPrivateAddresses: true } : {}),
    ...(config.siteCheck.testOnlyAllowedPorts.length > 0 ? { testOnlyAllowedPorts: config.siteCheck.testOnlyAllowedPorts } : {}),
  });
}
