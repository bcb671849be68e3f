/**
 * The admin tabs in their fixed order, each at `/admin/{slug}`: SPEC's tabs first (Blog Posts is
 * where /admin opens), then Image Analyses, Crawler Logs and Tracked Questions among the tool records, and Subscribers, Emails, Overview
 * and Activity last. The labels are the on-screen names.
 */
export const ADMIN_SECTIONS = [
  { slug: 'posts', label: 'Blog Posts' },
  { slug: 'categories', label: 'Categories' },
  { slug: 'audits', label: 'LLM Queries' },
  { slug: 'semantic-expansion', label: 'Semantic Expansion' },
  { slug: 'image-analyses', label: 'Image Analyses' },
  { slug: 'crawler-logs', label: 'Crawler Logs' },
  { slug: 'tracked-questions', label: 'Tracked Questions' },
  { slug: 'search-lab', label: 'Search Lab' },
  { slug: 'videos', label: 'YouTube Videos' },
  { slug: 'contact-messages', label: 'Contact Messages' },
  { slug: 'subscribers', label: 'Subscribers' },
  { slug: 'emails', label: 'Emails' },
  { slug: 'overview', label: 'Overview' },
  { slug: 'activity', label: 'Activity' },
] as const;

export type AdminSectionSlug = (typeof ADMIN_SECTIONS)[number]['slug'];
