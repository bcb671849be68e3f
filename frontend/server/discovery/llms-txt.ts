import { siteHref, type SiteConfig } from '../../src/config/site-config';
import { organisationFacts } from '../../src/content/page-meta-copy';
import { pageMeta } from '../../src/content/page-meta-copy';
import { markupToPlainText } from '../../src/markup/light-markup-parser';
import type { DiscoveryContent } from './discovery-content';
import { pageDescription, PUBLIC_PAGES } from './public-pages';

const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();
/** Staff-written text as Markdown link text and notes: a bracket cannot close the link or open another. */
const markdownText = (text: string): string => oneLine(text).replace(/[\\[\]]/g, '\\$&');

/** The llms.txt proposal's format: one H1, a blockquote summary, then H2 sections of links. */
export function renderLlmsTxt(site: SiteConfig, content: DiscoveryContent): string {
  const link = (name: string, path: string, note: string) => `- [${markdownText(name)}](${siteHref(site, path)})${note ? `: ${markdownText(note)}` : ''}`;
  const section = (title: string, lines: string[]) => (lines.length > 0 ? [`## ${title}`, '', ...lines, ''] : []);
  const pagesIn = (group: (typeof PUBLIC_PAGES)[number]['group']) =>
    PUBLIC_PAGES.filter((page) => page.group === group).map((page) => link(page.name, page.path, pageDescription(page.path)));

  return [
    `# ${site.brandName}`,
    '',
    `> ${oneLine(organisationFacts.description)}`,
    '',
    oneLine(pageMeta['/']?.aiSummary ?? ''),
    '',
    `Contact: ${site.contactEmail} or ${siteHref(site, '/contact')}. Blog feed: ${siteHref(site, '/rss.xml')}.`,
    '',
    ...section('Key pages', pagesIn('Key pages')),
    ...section('Free tools', pagesIn('Free tools')),
    ...section('Resources', pagesIn('Resources')),
    ...section(
      'Blog posts',
      content.posts.map((post) => link(post.title, `/blog/${post.slug}`, markupToPlainText(post.excerpt))),
    ),
    ...section(
      'Search Lab case studies',
      content.caseStudies.map((entry) => link(entry.title, `/search-lab/${entry.slug}`, entry.summary)),
    ),
    ...section('Optional', pagesIn('Optional')),
  ].join('\n');
}
