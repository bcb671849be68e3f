import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_CONFIG } from '../config/site-config';
import { faqGroups } from '../content/faq-copy';
import { toolPages } from '../content/tools-copy';
import { visibleFaqGroups } from '../routes/faq/-components/visible-faq-groups';
import { buildPageHead, fitTitle, MAX_TITLE_LENGTH, NOINDEX_ROBOTS } from './page-head';
import { SOCIAL_IMAGE_SIZE, socialImagePath } from './social-image';
import { staticPageHead } from './static-page-head';
import { articleRecord, breadcrumbRecord, faqPageRecord, organisationRecord, softwareApplicationRecord, websiteRecord } from './structured-data';
import { organisationFacts, pageMeta } from '../content/page-meta-copy';

const site = { ...DEFAULT_SITE_CONFIG, siteUrl: 'https://agency.example' };

type Tag = Record<string, unknown>;
const metaContent = (tags: Tag[], key: string): unknown =>
  tags.find((tag) => tag.name === key || tag.property === key)?.content;
const jsonLd = (tags: Tag[]) => tags.filter((tag) => 'script:ld+json' in tag).map((tag) => tag['script:ld+json'] as Tag);

describe('buildPageHead', () => {
  const head = buildPageHead(
    {
      title: 'Blog | Brand',
      description: 'Articles.',
      path: '/blog',
      keywords: ['a', 'b'],
      aiKeyFacts: ['one', 'two'],
      aiSummary: 'Summary.',
      aiEntitiesCompanies: ['Brand', 'OpenAI'],
      publishedTime: '2025-01-01T00:00:00Z',
      articleSection: 'AI Search',
      schema: [breadcrumbRecord(site, [{ name: 'Blog', path: '/blog' }])],
    },
    site,
  );
  const tags = head.meta as Tag[];

  it('sets title, description, canonical and Open Graph from one description of the page', () => {
    expect(tags.find((tag) => 'title' in tag)?.title).toBe('Blog | Brand');
    expect(metaContent(tags, 'description')).toBe('Articles.');
    expect(head.links).toEqual([{ rel: 'canonical', href: 'https://agency.example/blog' }]);
    expect(metaContent(tags, 'og:url')).toBe('https://agency.example/blog');
    expect(metaContent(tags, 'og:title')).toBe('Blog | Brand');
    expect(metaContent(tags, 'og:type')).toBe('website');
    expect(String(metaContent(tags, 'og:image'))).toMatch(/^https:\/\/agency\.example\/.+og-image/);
  });

  it('applies the defaults: large summary card (every page has a 1200×630 image), index-follow robots, the brand as author', () => {
    expect(metaContent(tags, 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(tags, 'robots')).toBe('index, follow');
    expect(metaContent(tags, 'author')).toBe(site.brandName);
  });

  it('joins key facts with "; " and companies with ", "', () => {
    expect(metaContent(tags, 'ai-key-facts')).toBe('one; two');
    expect(metaContent(tags, 'ai-entities-companies')).toBe('Brand, OpenAI');
    expect(metaContent(tags, 'ai-summary')).toBe('Summary.');
    expect(metaContent(tags, 'keywords')).toBe('a, b');
    expect(metaContent(tags, 'article:published_time')).toBe('2025-01-01T00:00:00Z');
    expect(metaContent(tags, 'article:section')).toBe('AI Search');
  });

  it('adds schema.org context to each JSON-LD record', () => {
    const [breadcrumb] = jsonLd(tags);
    expect(breadcrumb?.['@context']).toBe('https://schema.org');
    expect(breadcrumb?.['@type']).toBe('BreadcrumbList');
  });

  it('marks a page noindex when asked', () => {
    const notFound = buildPageHead({ title: 'x', description: 'y', path: '/x', robots: NOINDEX_ROBOTS }, site);
    expect(metaContent(notFound.meta as Tag[], 'robots')).toBe('noindex, follow');
  });
});

describe('staticPageHead', () => {
  it('uses the page copy and a breadcrumb trail from Home', () => {
    const head = staticPageHead('/services', site, { breadcrumb: 'Services' });
    const [breadcrumb] = jsonLd(head.meta as Tag[]);
    expect(breadcrumb?.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://agency.example/' },
      { '@type': 'ListItem', position: 2, name: 'Services', item: 'https://agency.example/services' },
    ]);
  });
});

describe('structured data', () => {
  it('describes the organisation with logo, founding year, support contact and reach', () => {
    const org = organisationRecord(site, organisationFacts);
    expect(org.foundingDate).toBe('2024');
    expect(org.areaServed).toBe('Worldwide');
    expect(org.logo).toMatchObject({ width: 512, height: 512 });
    expect(org.contactPoint).toMatchObject({ url: 'https://agency.example/contact' });
    // Only the profiles that are set: no placeholder address.
    expect(org.sameAs).toEqual([]);
    const withProfiles = organisationRecord({ ...site, social: { linkedIn: 'https://www.linkedin.com/company/agency', youtube: '' } }, organisationFacts);
    expect(withProfiles.sameAs).toEqual(['https://www.linkedin.com/company/agency']);
  });

  it('declares the site in en-GB with a search action', () => {
    const website = websiteRecord(site);
    expect(website.inLanguage).toBe('en-GB');
    expect(JSON.stringify(website.potentialAction)).toContain('https://agency.example/search?q={search_term}');
  });

  it('prices every free tool at 0 GBP', () => {
    for (const tool of Object.values(toolPages)) {
      const record = softwareApplicationRecord(site, tool);
      expect(record['@type']).toBe('SoftwareApplication');
      expect(record.offers).toEqual({ '@type': 'Offer', price: '0', priceCurrency: 'GBP' });
    }
  });

  it('lists only the FAQ groups that have questions', () => {
    const groups = visibleFaqGroups(faqGroups);
    expect(groups.length).toBeLessThan(faqGroups.length);
    expect(groups.every((group) => group.items.length > 0)).toBe(true);
    const record = faqPageRecord(groups);
    expect((record.mainEntity as unknown[]).length).toBe(groups.reduce((sum, group) => sum + group.items.length, 0));
  });

  it('dates an article and links it to its page', () => {
    const article = articleRecord(site, {
      headline: 'Title',
      description: 'About',
      path: '/blog/title',
      datePublished: '2025-01-01T00:00:00Z',
      dateModified: '2025-02-01T00:00:00Z',
    });
    expect(article).toMatchObject({ '@type': 'Article', headline: 'Title', url: 'https://agency.example/blog/title' });
    expect(article.dateModified).toBe('2025-02-01T00:00:00Z');
  });

  it('gives an article its image with its size, and an author with a URL', () => {
    const article = articleRecord(site, {
      headline: 'Title',
      description: 'About',
      path: '/blog/title',
      datePublished: '2025-01-01T00:00:00Z',
      dateModified: '2025-02-01T00:00:00Z',
      image: { url: socialImagePath('blog', 'title'), ...SOCIAL_IMAGE_SIZE },
    });
    expect(article.image).toEqual({ '@type': 'ImageObject', url: 'https://agency.example/social-images/blog/title.png', width: 1200, height: 630 });
    expect(article.author).toMatchObject({ '@type': 'Organization', name: site.brandName, url: 'https://agency.example/about' });
  });
});

describe('titles and social cards', () => {
  const meta = (head: ReturnType<typeof buildPageHead>, key: string) =>
    (head.meta as Record<string, unknown>[]).find((tag) => tag.name === key || tag.property === key)?.content;
  const titleOf = (head: ReturnType<typeof buildPageHead>) => (head.meta as { title?: string }[]).find((tag) => tag.title)?.title;

  it('keeps titles within 65 characters, dropping trailing parts before cutting', () => {
    expect(fitTitle('Short | Brand')).toBe('Short | Brand');
    const long = 'Which Protein Bars Does ChatGPT Recommend for Busy Parents?';
    expect(fitTitle(`${long} | LLM Search Lab | Agentic Agency`)).toBe(long);
    const tooLong = 'A very long article title that goes on and on past what search results can show in full';
    const fitted = fitTitle(`${tooLong} | Agentic Agency`);
    expect(fitted.length).toBeLessThanOrEqual(MAX_TITLE_LENGTH);
    expect(fitted).toMatch(/^A very long article title .*[a-z]…$/);
    expect(titleOf(buildPageHead({ title: `${tooLong} | Agentic Agency`, description: 'd', path: '/x' }, site))).toBe(fitted);
  });

  it('keeps every fixed page title within 65 characters', () => {
    for (const [path, copy] of Object.entries(pageMeta)) expect(fitTitle(copy.title).length, path).toBeLessThanOrEqual(MAX_TITLE_LENGTH);
  });

  it('uses a large card with the image alt and size, and a canonical link unless told not to', () => {
    const head = buildPageHead({ title: 't', description: 'd', path: '/x' }, site);
    expect(meta(head, 'twitter:card')).toBe('summary_large_image');
    expect(meta(head, 'og:image:width')).toBe('1200');
    expect(meta(head, 'og:image:height')).toBe('630');
    expect(meta(head, 'og:image:alt')).toMatch(/\S/);
    expect(meta(head, 'twitter:image:alt')).toBe(meta(head, 'og:image:alt'));
    expect(head.links).toEqual([{ rel: 'canonical', href: 'https://agency.example/x' }]);
    expect(buildPageHead({ title: 't', description: 'd', path: '/x', canonical: false }, site).links).toEqual([]);
  });
});
