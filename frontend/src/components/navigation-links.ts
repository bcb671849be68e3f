import type { LinkProps } from '@tanstack/react-router';
import { toolPages } from '../content/tools-copy';

export interface NavLink {
  label: string;
  to: NonNullable<LinkProps['to']>;
  /** One line under the label in the header menus. */
  hint?: string;
}

export const primaryLinks: NavLink[] = [
  { label: 'Services', to: '/services' },
  { label: 'About', to: '/about' },
  { label: 'Framework', to: '/llm-visibility-framework' },
];

export const resourceLinks: NavLink[] = [
  { label: 'Blog', to: '/blog', hint: 'Insights on AI search and Amazon' },
  { label: 'Search Lab', to: '/search-lab', hint: 'Case studies of real AI answers' },
  { label: 'YouTube Channel', to: '/youtube-channel', hint: 'Short video explainers' },
];

export const toolLinks: NavLink[] = [
  { label: toolPages.aiSearchAudit.name, to: '/ai-search-audit', hint: 'What four AI models say about you' },
  { label: toolPages.aiImageReader.name, to: '/ai-image-reader', hint: 'What AI vision models see' },
  { label: toolPages.semanticExpansion.name, to: '/query-fan-out', hint: 'The questions behind a keyword' },
  { label: toolPages.crawlerLogAnalyzer.name, to: '/ai-crawler-log-analyzer', hint: 'Which AI crawlers read your site' },
  { label: toolPages.rufusRadar.name, to: '/amazon-rufus-radar', hint: 'Analyse Amazon Rufus answers' },
];

export const QUERY_CLUSTERING_LABEL = 'Query Clustering';

/** The active link is highlighted by path prefix ('/' only on the home page). */
export function isActivePath(pathname: string, to: string): boolean {
  return to === '/' ? pathname === '/' : pathname.startsWith(to);
}
