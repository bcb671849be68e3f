import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { e2eStack } from '../support/e2e-env.js';
import { adminCookie, adminRequest, fetchRaw, PRODUCT_NAME, PUBLIC_ROUTES, seeded, site } from '../support/site.js';

const typesOf = (records: Record<string, unknown>[]): string[] => records.map((record) => String(record['@type']));

/** What GPTBot, ClaudeBot and PerplexityBot see: the first HTML answer, no JavaScript run. */
void describe('the raw HTML of every public page', () => {
  for (const route of PUBLIC_ROUTES) {
    void test(`${route.path} carries its head and content before any script runs`, async () => {
      const page = await fetchRaw(route.path);
      assert.equal(page.status, 200);
      assert.ok(page.title.includes(PRODUCT_NAME), `title "${page.title}"`);
      assert.ok((page.meta('description') ?? '').length >= 40, 'a meta description');
      assert.equal(page.canonical, route.path === '/' ? `${e2eStack.gatewayUrl}/` : site(route.path));
      assert.equal(page.meta('og:url'), page.canonical);
      assert.ok(page.meta('og:title') && page.meta('og:description') && page.meta('og:image'), 'Open Graph');
      assert.ok(page.meta('twitter:card'), 'Twitter card');
      assert.equal(page.meta('robots'), 'index, follow');
      assert.ok(page.meta('ai-summary'), 'AI summary');
      assert.ok(page.meta('ai-entities-companies')?.includes(PRODUCT_NAME));
      const types = typesOf(page.jsonLd);
      for (const type of ['Organization', 'WebSite', ...route.jsonLd]) assert.ok(types.includes(type), `JSON-LD ${type} in ${types.join(', ')}`);
      assert.equal(page.h1, route.h1);
    });
  }

  void test('the home page lists the three newest posts in its HTML', async () => {
    const posts = (await (await fetch(site('/api/blog-posts'))).json()) as { title: string; datePosted: string }[];
    const newest = posts.sort((a, b) => Date.parse(b.datePosted) - Date.parse(a.datePosted)).slice(0, 3);
    const { html } = await fetchRaw('/');
    for (const post of newest) assert.ok(html.includes(post.title.replace(/'/g, '&#x27;')), post.title);
    assert.ok(html.includes('Latest Insights'));
  });

  void test('the blog, a post, the FAQ and the search lab carry their text', async () => {
    const blog = await fetchRaw('/blog');
    assert.ok(blog.html.includes(seeded.newestPost.title));
    const post = await fetchRaw(`/blog/${seeded.newestPost.slug}`);
    assert.ok(post.html.includes('If you are not one of them, you are invisible for that question.'), 'the post body');
    assert.ok(post.html.includes(seeded.newestPost.date) && post.html.includes(seeded.newestPost.readTime));
    const article = post.jsonLd.find((record) => record['@type'] === 'Article');
    assert.equal(article?.headline, seeded.newestPost.title);
    assert.equal(post.meta('og:type'), 'article');
    const faq = await fetchRaw('/faq');
    assert.ok(faq.html.includes('founded in 2024 by former executives'), 'an FAQ answer');
    const faqPage = faq.jsonLd.find((record) => record['@type'] === 'FAQPage');
    assert.ok(Array.isArray(faqPage?.mainEntity) && faqPage.mainEntity.length > 10);
    const lab = await fetchRaw('/search-lab');
    assert.ok(lab.html.includes(seeded.caseStudy.title.replace(/'/g, '&#x27;')));
  });

  void test('each free tool is a SoftwareApplication priced 0 GBP', async () => {
    for (const path of ['/ai-search-audit', '/query-fan-out', '/ai-image-reader', '/amazon-rufus-radar']) {
      const app = (await fetchRaw(path)).jsonLd.find((record) => record['@type'] === 'SoftwareApplication');
      assert.deepEqual(app?.offers, { '@type': 'Offer', price: '0', priceCurrency: 'GBP' }, path);
    }
  });

  void test('unknown paths and missing posts and case studies answer 404 with their screens and noindex', async () => {
    const cases = [
      ['/no/such/page', '404 Page Not Found'],
      ['/blog/no-such-post', 'Blog Post Not Found'],
      ['/blog/999999', 'Blog Post Not Found'],
      ['/search-lab/no-such-entry', 'Entry Not Found'],
    ] as const;
    for (const [path, heading] of cases) {
      const page = await fetchRaw(path);
      assert.equal(page.status, 404, path);
      assert.equal(page.h1, heading, path);
      assert.equal(page.meta('robots'), 'noindex, follow', path);
    }
    assert.ok((await fetchRaw('/no/such/page')).html.includes("The page you&#x27;re looking for doesn&#x27;t exist or has been moved."));
  });

  void test('the admin route asks search engines not to index it', async () => {
    const page = await fetchRaw('/admin');
    assert.match(page.meta('robots') ?? '', /^noindex/);
  });
});

void describe('discovery files', () => {
  void test('robots.txt welcomes AI crawlers, keeps /admin and /api out and names the sitemap', async () => {
    const response = await fetch(site('/robots.txt'));
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/plain/);
    const text = await response.text();
    for (const agent of ['GPTBot', 'ClaudeBot', 'PerplexityBot', 'OAI-SearchBot']) assert.ok(text.includes(`User-agent: ${agent}`), agent);
    assert.ok(text.includes('Disallow: /admin') && text.includes('Disallow: /api/'));
    assert.ok(text.includes(`Sitemap: ${site('/sitemap.xml')}`));
  });

  void test('sitemap.xml lists public pages, posts and case studies with lastmod', async () => {
    const response = await fetch(site('/sitemap.xml'));
    assert.match(response.headers.get('content-type') ?? '', /xml/);
    const xml = await response.text();
    for (const route of PUBLIC_ROUTES) {
      const loc = route.path === '/' ? `${e2eStack.gatewayUrl}/` : site(route.path);
      assert.ok(xml.includes(`<loc>${loc}</loc>`), loc);
    }
    assert.equal(xml.match(/<lastmod>/g)?.length, xml.match(/<loc>/g)?.length);
    assert.ok(!xml.includes('/admin'));
  });

  void test('llms.txt and the RSS feed describe the site and its posts', async () => {
    const llms = await (await fetch(site('/llms.txt'))).text();
    assert.ok(llms.startsWith(`# ${PRODUCT_NAME}\n\n> `));
    assert.ok(llms.includes('## Key pages') && llms.includes(`[${seeded.newestPost.title}](${site(`/blog/${seeded.newestPost.slug}`)})`));
    const rss = await fetch(site('/rss.xml'));
    assert.match(rss.headers.get('content-type') ?? '', /^application\/rss\+xml/);
    const feed = await rss.text();
    assert.ok(feed.includes('<rss version="2.0"') && feed.includes(`<link>${site(`/blog/${seeded.newestPost.slug}`)}</link>`));
  });
});

void describe('content edited in the admin panel', () => {
  let cookie = '';
  let createdId: number | undefined;

  after(async () => {
    if (createdId !== undefined) await adminRequest(cookie, 'DELETE', `/api/admin/blog-posts/${createdId}`);
  });

  void test('a new post shows in the raw HTML of /blog, the sitemap and the feed within the cache window', async () => {
    cookie = await adminCookie();
    const title = `Crawler-visible post ${Date.now()}`;
    const response = await adminRequest(cookie, 'POST', '/api/admin/blog-posts', {
      title,
      excerpt: 'Written during the e2e run to check server rendering picks up edits.',
      content: 'Body with **bold** text.',
      category: seeded.categories[0],
      readTime: '3 min read',
      published: true,
      // Older than the seed, so it never becomes the featured newest post for other specs.
      datePosted: '2020-01-01T09:00:00.000Z',
    });
    assert.equal(response.status, 201, await response.clone().text());
    const created = (await response.json()) as { id: number; slug: string };
    createdId = created.id;

    const deadline = Date.now() + 35_000;
    let html = '';
    while (Date.now() < deadline) {
      html = (await fetchRaw('/blog')).html;
      if (html.includes(title)) break;
      await sleep(1000);
    }
    assert.ok(html.includes(title), 'the new post is in the HTML of /blog within 35 s');
    const post = await fetchRaw(`/blog/${created.slug}`);
    assert.equal(post.status, 200);
    assert.equal(post.h1, title);
    assert.ok((await (await fetch(site('/sitemap.xml'))).text()).includes(`/blog/${created.slug}</loc>`));
    assert.ok((await (await fetch(site('/rss.xml'))).text()).includes(title));
  });
});
