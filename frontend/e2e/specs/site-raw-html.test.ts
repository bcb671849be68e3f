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
      // Within what search results show; the brand suffix goes when the page's own title is long.
      assert.ok(page.title.length <= 65, `title "${page.title}" is ${page.title.length} characters`);
      assert.ok(page.title.includes(PRODUCT_NAME) || page.title === route.h1, `title "${page.title}"`);
      assert.ok((page.meta('description') ?? '').length >= 40, 'a meta description');
      assert.equal(page.canonical, route.path === '/' ? `${e2eStack.gatewayUrl}/` : site(route.path));
      assert.equal(page.meta('og:url'), page.canonical);
      assert.ok(page.meta('og:title') && page.meta('og:description') && page.meta('og:image'), 'Open Graph');
      assert.equal(page.meta('twitter:card'), 'summary_large_image');
      assert.ok(page.meta('og:image:alt') && page.meta('twitter:image:alt'), 'image alt');
      assert.equal(page.meta('og:image:width'), '1200');
      assert.equal(page.meta('og:image:height'), '630');
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
    // Its own social image, drawn from its title and category, in Open Graph and the Article record.
    const socialImage = site(`/social-images/blog/${seeded.newestPost.slug}.png`);
    assert.equal(post.meta('og:image'), socialImage);
    assert.match(post.meta('og:image:alt') ?? '', new RegExp(`^${seeded.newestPost.category}: `));
    assert.deepEqual(article?.image, { '@type': 'ImageObject', url: socialImage, width: 1200, height: 630 });
    assert.deepEqual(article?.author, { '@id': `${e2eStack.gatewayUrl}/#organization`, '@type': 'Organization', name: PRODUCT_NAME, url: site('/about') });
    const image = await fetch(socialImage);
    assert.equal(image.status, 200);
    assert.equal(image.headers.get('content-type'), 'image/png');
    const png = Buffer.from(await image.arrayBuffer());
    assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [1200, 630], 'a 1200×630 PNG');
    const study = await fetchRaw(`/search-lab/${seeded.caseStudy.slug}`);
    assert.equal(study.meta('og:image'), site(`/social-images/search-lab/${seeded.caseStudy.slug}.png`));
    assert.equal((await fetch(site(`/social-images/search-lab/${seeded.caseStudy.slug}.png`))).status, 200);
    assert.equal((await fetch(site('/social-images/blog/no-such-post.png'))).status, 404);
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
      assert.equal(page.canonical, undefined, `${path}: no canonical link on a not-found page`);
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
    const lines = text.split('\n');
    // A prefix without the trailing slash keeps /api itself out too.
    assert.ok(lines.includes('Disallow: /admin') && lines.includes('Disallow: /api') && !lines.includes('Disallow: /api/'));
    assert.ok(text.includes(`Sitemap: ${site('/sitemap.xml')}`));
  });

  void test('sitemap.xml lists public pages, posts and case studies, dated by their content', async () => {
    const response = await fetch(site('/sitemap.xml'));
    assert.match(response.headers.get('content-type') ?? '', /xml/);
    const xml = await response.text();
    for (const route of PUBLIC_ROUTES) {
      const loc = route.path === '/' ? `${e2eStack.gatewayUrl}/` : site(route.path);
      assert.ok(xml.includes(`<loc>${loc}</loc>`), loc);
    }
    const posts = (await (await fetch(site('/api/blog-posts'))).json()) as { slug: string; updatedAt: string }[];
    for (const post of posts) assert.ok(xml.includes(`<loc>${site(`/blog/${post.slug}`)}</loc>\n    <lastmod>${post.updatedAt}</lastmod>`), post.slug);
    const newest = new Date(Math.max(...posts.map((post) => Date.parse(post.updatedAt)))).toISOString();
    assert.ok(xml.includes(`<loc>${site('/blog')}</loc>\n    <lastmod>${newest}</lastmod>`), '/blog dated by its newest post');
    // A fixed page has no date of its own to give (no build or start time standing in for one).
    assert.ok(xml.includes(`<loc>${site('/faq')}</loc>\n  </url>`), '/faq undated');
    assert.ok(!xml.includes('/admin'));
  });

  void test('discovery files carry an ETag and answer a matching If-None-Match with 304', async () => {
    for (const path of ['/robots.txt', '/sitemap.xml', '/rss.xml', '/llms.txt']) {
      const first = await fetch(site(path));
      await first.arrayBuffer();
      const etag = first.headers.get('etag');
      // Weak once the gateway has compressed it (nginx's gzip weakens a strong tag).
      assert.match(etag ?? '', /^(W\/)?"[^"]+"$/, path);
      const again = await fetch(site(path), { headers: { 'if-none-match': etag! } });
      assert.equal(again.status, 304, path);
    }
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
      excerpt: 'Written during the e2e run to check server rendering picks up edits. <b>Not bold</b> & fine.',
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
    const feed = await (await fetch(site('/rss.xml'))).text();
    assert.ok(feed.includes(title));
    // Escaped for HTML once inside CDATA: a feed reader shows "<b>" as text rather than bold.
    assert.ok(feed.includes('<description><![CDATA[Written during the e2e run to check server rendering picks up edits. &lt;b&gt;Not bold&lt;/b&gt; &amp; fine.]]></description>'));
  });

  void test('the gateway keeps a page a second or two, but never for the admin', async () => {
    const path = `/blog/${seeded.newestPost.slug}`;
    await (await fetch(site(path))).arrayBuffer();
    const cached = await fetch(site(path));
    await cached.arrayBuffer();
    assert.equal(cached.headers.get('x-cache-status'), 'HIT');
    assert.equal(cached.headers.get('cache-control'), 'no-cache', 'browsers revalidate (a 304 with the ETag)');
    const asAdmin = await fetch(site(path), { headers: { cookie: cookie || (await adminCookie()) } });
    await asAdmin.arrayBuffer();
    assert.equal(asAdmin.headers.get('x-cache-status'), 'BYPASS');
  });
});
