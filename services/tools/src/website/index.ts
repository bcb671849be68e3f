export { normaliseWebsiteUrl, WebsiteInputError } from './website-url.js';
export { DEFAULT_SITE_CRAWLER_OPTIONS, SiteCrawler, type CrawledPage, type CrawlReport, type SiteCrawlerOptions } from './site-crawler.js';
export { findBestPassages, type PassageMatch } from './passage-matcher.js';
