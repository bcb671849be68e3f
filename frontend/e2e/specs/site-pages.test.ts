import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { repoRoot } from '../support/e2e-env.js';
import { adminCookie, adminRequest, openPage, seeded, site, useSuiteBrowser } from '../support/site.js';
import { toastText } from '../support/toasts.js';

async function texts(page: Page, selector: string): Promise<string[]> {
  return (await page.locator(selector).allTextContents()).map((text) => text.trim());
}

void describe('the public pages in a browser, through the gateway', () => {
  const suite = useSuiteBrowser();

  void test('home: hero, credentials, six categories, services and the three newest posts', async () => {
    const { page, status, errors } = await openPage(suite.context, '/');
    assert.equal(status, 200);
    assert.equal(await page.locator('html').getAttribute('lang'), 'en-GB');
    await page.getByRole('link', { name: 'Get Your Free AI Search Audit' }).first().waitFor();
    assert.deepEqual(await texts(page, '.chip-list li'), ['Health & Wellness', 'Food & Drink', 'Personal Care', 'Household', 'Pet & Baby', 'Sports & Fitness']);
    const insights = page.locator('section', { has: page.getByRole('heading', { name: 'Latest Insights' }) });
    assert.equal(await insights.locator('article').count(), 3);
    assert.equal((await insights.locator('article h3').first().textContent())?.trim(), seeded.newestPost.title);
    await page.getByRole('link', { name: 'View All Articles' }).click();
    await page.waitForURL('**/blog');
    await page.getByRole('heading', { level: 1, name: 'Insights on AI Search and Amazon' }).waitFor();
    assert.deepEqual(errors, []);
    await page.close();
  });

  void test('home: Latest Insights shows a skeleton while the posts load after an in-app navigation', async () => {
    const { page, errors } = await openPage(suite.context, '/about');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/blog-posts', async (route) => {
      await held;
      await route.continue();
    });
    await page.locator('header').getByRole('link', { name: /home/ }).click();
    await page.locator('[aria-label="Loading articles"]').waitFor();
    release();
    await page.locator('section', { has: page.getByRole('heading', { name: 'Latest Insights' }) }).locator('article').first().waitFor();
    assert.equal(await page.locator('[aria-label="Loading articles"]').count(), 0);
    assert.deepEqual(errors, []);
    await page.close();
  });

  void test('services: three services, the audit card and the closing calls to action', async () => {
    const { page, errors } = await openPage(suite.context, '/services');
    for (const name of ['AI Visibility Audit', 'Optimise to the Models', 'Activate with Ads', 'Amazon Account Review and Brand Audit']) {
      await page.getByRole('heading', { name }).waitFor();
    }
    assert.equal(await page.getByRole('link', { name: 'Request Your Audit' }).getAttribute('href'), '/contact');
    const closing = page.locator('.cta-band');
    assert.equal(await closing.getByRole('link', { name: 'Get In Touch' }).getAttribute('href'), '/contact');
    assert.equal(await closing.getByRole('link', { name: /AI Search Audit/ }).getAttribute('href'), '/ai-search-audit');
    assert.deepEqual(errors, []);
    await page.close();
  });

  void test('about: positioning, Our Impact and the three mission values', async () => {
    const { page, errors } = await openPage(suite.context, '/about');
    await page.getByRole('heading', { name: 'Our Impact' }).waitFor();
    for (const value of ['Innovation', 'Results', 'Partnership']) await page.getByRole('heading', { name: value, exact: true }).waitFor();
    assert.ok(((await page.locator('.stats-strip').textContent()) ?? '').includes('£1bn+'));
    assert.deepEqual(errors, []);
    await page.close();
  });

  void test('contact: messages under the fields with focus on the first, Sending..., a toast and a thank-you in place of the form', async () => {
    const { page, errors } = await openPage(suite.context, '/contact');
    assert.ok(((await page.getByRole('form', { name: 'Contact form' }).textContent()) ?? '').includes('receive occasional marketing emails from us and can unsubscribe at any time'));
    const send = page.getByRole('button', { name: 'Send Message' });
    assert.equal(await send.isDisabled(), false, 'the button stays enabled on an empty form');
    await send.click();
    assert.match(await toastText(page, 'Missing Information'), /Missing Information.*Please fill in all required fields\./);

    const form = page.getByRole('form', { name: 'Contact form' });
    // Plain English under each field, tied to it, and focus on the first one to fix.
    await form.getByText('Please enter your name.').waitFor();
    assert.equal(await form.getByLabel('Name').getAttribute('aria-invalid'), 'true');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'contact-name');
    assert.ok(await form.getByText('Please enter your email address.').isVisible());
    assert.ok(await form.getByText('Please write your message.').isVisible());
    await form.getByLabel('Name').fill('Ada Shopper');
    await form.getByLabel('Email').fill('ada@brand');
    await form.getByLabel('Message').fill('We would like the free 7-day full tracking audit.');
    await send.click();
    await form.getByText('Please enter an email address like name@example.com.').waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'contact-email');
    assert.equal(await form.getByText('Please enter your name.').count(), 0, 'a fixed field loses its message');

    await form.getByLabel('Email').fill('ada@brand.example');
    await form.getByLabel('Company').fill('Brand Ltd');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/contact', async (route) => {
      await held;
      await route.continue();
    });
    await send.click();
    const sending = page.getByRole('button', { name: 'Sending...' });
    await sending.waitFor();
    assert.equal(await sending.isDisabled(), true);
    assert.equal(await form.getByLabel('Name').isEditable(), false);
    release();
    assert.match(await toastText(page, 'Message Sent!'), /Message Sent!.*Thank you for your message! We'll get back to you soon\./);
    // The form gives way to a thank-you, which takes focus; the visitor can write again.
    await page.getByRole('heading', { name: 'Thank you, Ada Shopper!' }).waitFor();
    assert.equal(await page.locator('form[aria-label="Contact form"]').count(), 0);
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Thank you, Ada Shopper!');
    await page.getByRole('button', { name: 'Send another message' }).click();
    assert.equal(await form.getByLabel('Name').inputValue(), '');
    assert.equal(await form.getByLabel('Message').inputValue(), '');
    assert.deepEqual(errors, []);
    await page.close();
  });

  void test("contact: a refused message shows 'Failed to Send' with the server's words and keeps the form", async () => {
    const { page } = await openPage(suite.context, '/contact');
    const form = page.locator('form');
    await form.getByLabel('Name').fill('Ada');
    await form.getByLabel('Email').fill('ada@brand.example');
    await form.getByLabel('Message').fill('Hello');
    await page.route('**/api/contact', (route) =>
      route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ statusCode: 429, message: 'Too many messages. Please wait a moment and try again.' }) }),
    );
    await page.getByRole('button', { name: 'Send Message' }).click();
    const text = await toastText(page, 'Failed to Send');
    assert.match(text, /Too many messages/);
    assert.match(text, /^Failed to Send/);
    assert.ok(text.length > 'Failed to Send'.length + 5, 'the server message is shown');
    assert.equal(await form.getByLabel('Name').inputValue(), 'Ada');
    await page.close();
  });

  void test('blog: All features the newest post; a category filters without a featured post; a category without a published post is not offered', async () => {
    const cookie = await adminCookie();
    const emptyName = `Empty ${Date.now()}`;
    const created = await adminRequest(cookie, 'POST', '/api/admin/categories', { name: emptyName, description: 'No posts yet.' });
    assert.equal(created.status, 201);
    const { id } = (await created.json()) as { id: number };
    try {
      const { page, errors } = await openPage(suite.context, '/blog');
      const chips = await texts(page, '.filter-bar button');
      assert.equal(chips[0], 'All');
      for (const category of seeded.categories) assert.ok(chips.includes(category), category);
      assert.ok(!chips.includes(emptyName), 'a category with no published post has no chip');
      assert.equal(await page.getByRole('button', { name: 'All' }).getAttribute('aria-pressed'), 'true');
      const featured = page.locator('.featured-post');
      assert.equal((await featured.locator('h2').textContent())?.trim(), seeded.newestPost.title);
      const gridTitles = await texts(page, '.grid .post-card h2');
      assert.ok(!gridTitles.includes(seeded.newestPost.title), 'the featured post is not repeated in the grid');

      await page.getByRole('button', { name: 'Amazon', exact: true }).click();
      assert.equal(await featured.count(), 0);
      const badges = await texts(page, '.grid .post-card .badge');
      assert.ok(badges.length > 0 && badges.every((badge) => badge === 'Amazon'), badges.join());

      assert.deepEqual(errors, []);
      await page.close();
    } finally {
      await adminRequest(cookie, 'DELETE', `/api/admin/categories/${id}`);
    }
  });

  void test('blog: the newsletter box subscribes with a toast, shows the notice, and reports a refusal', async () => {
    const { page, errors } = await openPage(suite.context, '/blog');
    const box = page.locator('.newsletter');
    assert.ok(((await box.textContent()) ?? '').includes('you agree to receive occasional marketing emails'));
    await box.getByLabel('Email address').fill(`reader-${Date.now()}@brand.example`);
    await box.getByRole('button', { name: 'Subscribe' }).click();
    assert.match(await toastText(page, 'Check your inbox'), /^Check your inbox/);
    assert.equal(await box.getByLabel('Email address').inputValue(), '');
    await box.getByLabel('Email address').fill('nope');
    await box.getByRole('button', { name: 'Subscribe' }).click();
    assert.match(await toastText(page, 'Subscription Failed'), /^Subscription Failed.*Please enter an email address like name@example\.com\./);
    assert.ok(await box.getByText('Please enter an email address like name@example.com.').isVisible(), 'the message under the field');
    assert.equal(await box.getByLabel('Email address').getAttribute('aria-invalid'), 'true');
    assert.equal(await page.locator('.toast-destructive').count(), 1);
    assert.deepEqual(errors, []);
    await page.close();
  });

  void test('blog post: badge, title, en-GB date, read time, fallback image, safe links and calls to action', async () => {
    const { page, errors } = await openPage(suite.context, `/blog/${seeded.newestPost.slug}`);
    await page.getByRole('heading', { level: 1, name: seeded.newestPost.title }).waitFor();
    const header = page.locator('article header');
    assert.equal((await header.locator('.badge').textContent())?.trim(), seeded.newestPost.category);
    assert.ok(((await header.textContent()) ?? '').includes(seeded.newestPost.date));
    assert.ok(((await header.textContent()) ?? '').includes(seeded.newestPost.readTime));
    assert.match((await page.locator('img.article-image').getAttribute('src')) ?? '', /blog-fallback/);
    // A site path in a post stays on the site: same tab, as the editor promises.
    const link = page.locator('.prose a', { hasText: 'free AI Search Audit' });
    assert.equal(await link.getAttribute('href'), '/ai-search-audit');
    assert.equal(await link.getAttribute('target'), null);
    assert.equal(await link.getAttribute('rel'), null);
    assert.equal(await page.locator('.prose strong').first().textContent(), 'If you are not one of them, you are invisible for that question.');
    assert.equal(await page.getByRole('link', { name: 'Free AI Search Audit', exact: true }).getAttribute('href'), '/ai-search-audit');
    await page.getByRole('link', { name: 'Back to Blog' }).first().click();
    await page.waitForURL('**/blog');
    assert.deepEqual(errors, []);
    await page.close();
  });

  void test('blog post: a missing post is a 404 with Back to Blog', async () => {
    const { page, status } = await openPage(suite.context, '/blog/this-post-does-not-exist');
    assert.equal(status, 404);
    await page.getByRole('heading', { level: 1, name: 'Blog Post Not Found' }).waitFor();
    assert.equal(await page.getByRole('link', { name: 'Back to Blog' }).getAttribute('href'), '/blog');
    await page.close();
  });

  void test('framework pages: seven pillars, then each with details and output', async () => {
    const pillars = [
      'Signal Architecture & Baseline Audit',
      'Language Model Alignment',
      'Contextual Authority',
      'Model Surface Monitoring',
      'Optimisation Loops',
      'Visibility Leverage Points',
      'AI-Native Brand Positioning',
    ];
    const overview = await openPage(suite.context, '/llm-visibility-framework');
    const titles = (await overview.page.locator('.pillar-grid h3').allTextContents()).map((text) => text.replace(/^Pillar \d: /, '').trim());
    assert.deepEqual(titles, pillars);
    await overview.page.close();
    const detailed = await openPage(suite.context, '/llm-visibility-framework-detailed');
    assert.equal(await detailed.page.locator('.pillar-detail').count(), 7);
    assert.equal(await detailed.page.locator('.pillar-detail .output-box').count(), 7);
    assert.deepEqual([...overview.errors, ...detailed.errors], []);
    await detailed.page.close();
  });

  void test('search lab: the list and a case study with its conversation link and calls to action', async () => {
    const { page, errors } = await openPage(suite.context, '/search-lab');
    await page.getByRole('link', { name: seeded.caseStudy.title }).click();
    await page.waitForURL(`**/search-lab/${seeded.caseStudy.slug}`);
    await page.getByText('Case Study • LLM Search Lab').waitFor();
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    const conversation = page.getByRole('link', { name: /Open ChatGPT Conversation/ });
    assert.match((await conversation.getAttribute('href')) ?? '', /^https:\/\/chatgpt\.com\//);
    assert.equal(await conversation.getAttribute('target'), '_blank');
    assert.match((await conversation.getAttribute('rel')) ?? '', /noopener/);
    assert.equal(await page.getByRole('link', { name: 'Back to Search Lab' }).getAttribute('href'), '/search-lab');
    assert.equal(await page.getByRole('link', { name: 'Free AI Search Audit' }).getAttribute('href'), '/ai-search-audit');
    assert.equal(await page.getByRole('link', { name: 'Get In Touch' }).getAttribute('href'), '/contact');
    assert.deepEqual(errors, []);
    await page.close();

    const missing = await openPage(suite.context, '/search-lab/no-such-entry');
    assert.equal(missing.status, 404);
    await missing.page.getByRole('heading', { level: 1, name: 'Entry Not Found' }).waitFor();
    assert.equal(await missing.page.getByRole('link', { name: 'Back to Search Lab' }).getAttribute('href'), '/search-lab');
    await missing.page.close();
  });

  void test('videos: the grid, a selected player with Now Playing, and the thumbnail fallback', async () => {
    const jpeg = readFileSync(`${repoRoot}frontend/src/assets/og-image.jpg`);
    const page = await suite.context.newPage();
    await page.route('https://i.ytimg.com/**', (route) =>
      route.request().url().endsWith('/maxresdefault.jpg')
        ? route.fulfill({ status: 404, body: '' })
        : route.fulfill({ status: 200, contentType: 'image/jpeg', body: jpeg }),
    );
    await page.goto(site('/youtube-channel'));
    await page.locator('html[data-hydrated="true"]').waitFor();
    await page.getByRole('heading', { name: 'Latest Videos' }).waitFor();
    assert.deepEqual(await texts(page, '.video-card h3'), seeded.videoTitles);
    const firstThumb = page.locator('.video-card img').first();
    await page.waitForFunction(() => document.querySelector('.video-card img')?.getAttribute('src')?.endsWith('/hqdefault.jpg'));
    assert.match((await firstThumb.getAttribute('src')) ?? '', /hqdefault\.jpg$/);

    await page.getByRole('button', { name: `Play ${seeded.videoTitles[1]}` }).click();
    await page.getByRole('heading', { name: 'More Videos' }).waitFor();
    const player = page.locator('.player iframe');
    assert.equal(await player.getAttribute('title'), seeded.videoTitles[1]);
    assert.match((await player.getAttribute('src')) ?? '', /youtube-nocookie\.com\/embed\/fAnOutVid02/);
    assert.equal(await page.locator('.video-card.is-selected').count(), 1);
    assert.equal((await page.locator('.video-card.is-selected .now-playing').textContent())?.trim(), 'Now Playing');

    const subscribe = page.getByRole('link', { name: /Subscribe on YouTube/ });
    assert.equal(await subscribe.getAttribute('target'), '_blank');
    await page.getByRole('heading', { name: 'Stay Updated' }).waitFor();
    await page.close();
  });

  void test('FAQ: grouped questions, one open at a time, collapsible, empty groups left out', async () => {
    const { page, errors } = await openPage(suite.context, '/faq');
    assert.deepEqual(await texts(page, '.faq-group > h2'), ['About', 'Our Services', 'Tools and Framework', 'Getting Started', 'AI and Technology']);
    const first = page.locator('.faq-trigger').nth(0);
    const second = page.locator('.faq-trigger').nth(1);
    const openAnswers = page.locator('.faq-answer[data-state="open"]');
    assert.equal(await openAnswers.count(), 0);
    await first.click();
    assert.equal(await first.getAttribute('aria-expanded'), 'true');
    await second.click();
    assert.equal(await first.getAttribute('aria-expanded'), 'false');
    assert.equal(await openAnswers.count(), 1);
    assert.equal(await openAnswers.isVisible(), true);
    await second.click();
    assert.equal(await openAnswers.count(), 0);
    const band = page.locator('.cta-band');
    assert.equal(await band.getByRole('link', { name: 'Try AI Search Audit' }).getAttribute('href'), '/ai-search-audit');
    assert.equal(await band.getByRole('link', { name: 'Contact Us' }).getAttribute('href'), '/contact');
    assert.equal(await band.getByRole('link', { name: 'Get Started Today' }).getAttribute('href'), '/contact');
    assert.deepEqual(errors, []);
    await page.close();
  });

  void test('privacy and terms: the legal sections and the date', async () => {
    const { page, errors } = await openPage(suite.context, '/privacy-tos');
    await page.getByText('Last updated: July 2025').waitFor();
    for (const heading of ['Information we collect', 'Data security', 'Acceptance of terms', 'Permitted use', 'Intellectual property', 'Limitation of liability']) {
      await page.getByRole('heading', { name: heading }).waitFor();
    }
    assert.deepEqual(errors, []);
    await page.close();
  });

  void test('tool pages: intro and how it works; Rufus Radar embeds the configured tool with clipboard access', async () => {
    for (const path of ['/ai-search-audit', '/query-fan-out', '/ai-image-reader']) {
      const { page, errors } = await openPage(suite.context, path);
      await page.getByRole('heading', { name: 'How it works' }).waitFor();
      assert.ok((await page.locator('.steps li').count()) >= 3, path);
      assert.deepEqual(errors, [], path);
      await page.close();
    }
    const { page } = await openPage(suite.context, '/amazon-rufus-radar');
    const frame = page.locator('iframe.embed-frame');
    assert.equal(await frame.getAttribute('allow'), 'clipboard-read; clipboard-write');
    assert.equal(await frame.getAttribute('src'), 'https://example.com/rufus-radar');
    assert.ok(((await frame.boundingBox())?.height ?? 0) >= 600, 'full height');
    await page.close();
  });

  void test('not found: the 404 screen with its two ways out', async () => {
    const { page, status, errors } = await openPage(suite.context, '/definitely/not/here');
    assert.equal(status, 404);
    await page.getByRole('heading', { level: 1, name: '404 Page Not Found' }).waitFor();
    await page.getByText("The page you're looking for doesn't exist or has been moved.").waitFor();
    assert.equal(await page.getByRole('link', { name: 'Go to Homepage' }).getAttribute('href'), '/');
    await page.getByRole('link', { name: 'Browse Our Services' }).click();
    await page.waitForURL('**/services');
    assert.deepEqual(errors, []);
    await page.close();
  });
});
