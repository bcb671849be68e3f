import { aboutRoute } from './about/about.route';
import { adminIndexRoute, adminPersonRoute, adminRoute, adminSectionRoutes } from './admin/admin.route';
import { caseStudyEditorRoute, postEditorRoute } from './admin/post-editor.route';
import { aiImageReaderRoute } from './ai-image-reader/ai-image-reader.route';
import { imageReportRoute } from './ai-image-reader/image-report.route';
import { aiCrawlerLogAnalyzerRoute } from './ai-crawler-log-analyzer/ai-crawler-log-analyzer.route';
import { aiSearchAuditRoute } from './ai-search-audit/ai-search-audit.route';
import { auditReportRoute } from './ai-search-audit/audit-report.route';
import { amazonRufusRadarRoute } from './amazon-rufus-radar/amazon-rufus-radar.route';
import { blogPostRoute } from './blog/blog-post.route';
import { blogRoute } from './blog/blog.route';
import { contactRoute } from './contact/contact.route';
import { faqRoute } from './faq/faq.route';
import { homeRoute } from './home/home.route';
import { notFoundRoute } from './not-found/not-found.route';
import { frameworkDetailedRoute, frameworkRoute } from './llm-visibility-framework/framework.route';
import { privacyTosRoute } from './privacy-tos/privacy-tos.route';
import { semanticExpansionRoute } from './semantic-expansion/semantic-expansion.route';
import { rootRoute } from './root-route';
import { caseStudyRoute } from './search-lab/case-study.route';
import { searchLabRoute } from './search-lab/search-lab.route';
import { searchRoute } from './search/search.route';
import { servicesRoute } from './services/services.route';
import { youtubeChannelRoute } from './youtube-channel/youtube-channel.route';

/** Every page's route; any other path renders the root's not-found screen with HTTP 404. */
export const routeTree = rootRoute.addChildren([
  homeRoute,
  servicesRoute,
  aboutRoute,
  contactRoute,
  blogRoute,
  blogPostRoute,
  aiSearchAuditRoute,
  auditReportRoute,
  frameworkRoute,
  frameworkDetailedRoute,
  semanticExpansionRoute,
  aiImageReaderRoute,
  imageReportRoute,
  aiCrawlerLogAnalyzerRoute,
  amazonRufusRadarRoute,
  searchLabRoute,
  caseStudyRoute,
  youtubeChannelRoute,
  adminRoute.addChildren([adminIndexRoute, ...adminSectionRoutes, adminPersonRoute]),
  postEditorRoute,
  caseStudyEditorRoute,
  privacyTosRoute,
  faqRoute,
  searchRoute,
  notFoundRoute,
]);
