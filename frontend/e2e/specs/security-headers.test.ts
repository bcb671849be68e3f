import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';
import { e2eStack } from '../support/e2e-env.js';
import { newWatchedContext, openWatchedPage, securityEvents } from '../support/security-watch.js';
import { adminCookie, PUBLIC_ROUTES, seeded, site } from '../support/site.js';

/** Every page a visitor or the staff can open, the not-found page included. */
const PAGES = [...PUBLIC_ROUTES.map((route) => route.path), '/admin', '/definitely/not/here'];
const RUFUS_RADAR_URL = 'https://example.com/rufus-radar';
const YOUTUBE_EMBED = 'https://www.youtube-nocookie.com/**';

function directives(header: string | null): Map<string, string[]> {
  const parsed = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) parsed.set(name.toLowerCase(), values);
  }
  return parsed;
}

/** The text of a page's executable inline scripts (JSON-LD is a data block, not a script). */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes = '']) => !/\bsrc=/.test(attributes) && !/type="application\/ld\+json"/.test(attributes))
    .map(([, , text = '']) => text);
}

const sha256Source = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

void describe('security headers at the gateway', () => {
  void test('every page has a CSP naming each of its inline scripts by hash', async () => {
    for (const path of PAGES) {
      const first = await fetch(site(path));
      const policy = directives(first.headers.get('content-security-policy'));
      const scriptSrc = policy.get('script-src') ?? [];
      assert.ok(scriptSrc.length > 0, `${path}: script-src`);
      assert.ok(!scriptSrc.includes("'unsafe-inline'") && !scriptSrc.includes("'unsafe-eval'"), `${path}: ${scriptSrc.join(' ')}`);
      assert.ok(!scriptSrc.includes('*') && !scriptSrc.some((source) => /^(https?:|data:)$/.test(source)), path);
      assert.ok(!scriptSrc.some((source) => source.startsWith("'nonce-")), `${path}: no per-answer nonce`);

      assert.deepEqual(policy.get('object-src'), ["'none'"], path);
      assert.deepEqual(policy.get('base-uri'), ["'none'"], path);
      assert.deepEqual(policy.get('frame-ancestors'), ["'self'"], path);
      assert.deepEqual(policy.get('frame-src'), ['https://www.youtube-nocookie.com', 'https://example.com'], path);

      const html = await first.text();
      const inline = inlineScripts(html);
      assert.ok(inline.length > 0, `${path}: the router's hydration scripts are inline`);
      for (const text of inline) assert.ok(scriptSrc.includes(sha256Source(text)), `${path}: <script>${text.slice(0, 80)}</script> is named by its hash`);
      assert.doesNotMatch(html, /\snonce=/, `${path}: no nonce attributes`);
    }
  });

  void test('a page rendered again gives the same bytes, policy and ETag, and a 304 to a client holding them', async () => {
    const renderTwice = async (path: string) => {
      const first = await fetch(site(path));
      const firstHtml = await first.text();
      // Past the gateway's micro-cache (1-2 s): a fresh render.
      await new Promise((resolve) => setTimeout(resolve, 2100));
      const again = await fetch(site(path));
      return { first, firstHtml, again, againHtml: await again.text() };
    };
    for (const path of ['/', '/blog', `/blog/${seeded.newestPost.slug}`]) {
      let renders = await renderTwice(path);
      // The load times in the hydration data step once a minute; across that step, try once more.
      if (renders.againHtml !== renders.firstHtml) renders = await renderTwice(path);
      const { first, firstHtml, again, againHtml } = renders;
      assert.equal(againHtml, firstHtml, `${path}: the same page twice gives the same bytes`);
      assert.equal(again.headers.get('content-security-policy'), first.headers.get('content-security-policy'), path);
      const etag = first.headers.get('etag');
      // Weak once the gateway has compressed it (nginx's gzip weakens a strong tag).
      assert.match(etag ?? '', /^(W\/)?"[^"]+"$/, path);
      assert.equal(again.headers.get('etag'), etag, path);
      const revalidated = await fetch(site(path), { headers: { 'if-none-match': etag! } });
      assert.equal(revalidated.status, 304, path);
      assert.equal(await revalidated.text(), '', path);
    }
  });

  void test('every answer carries nosniff, a referrer policy, a permissions policy and frame protection', async () => {
    for (const path of [...PAGES, '/api/blog-posts', '/api/nothing-here', '/robots.txt', '/sitemap.xml', '/assets/missing-0000.js']) {
      const response = await fetch(site(path));
      await response.arrayBuffer();
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff', path);
      assert.equal(response.headers.get('referrer-policy'), 'strict-origin-when-cross-origin', path);
      assert.equal(response.headers.get('x-frame-options'), 'SAMEORIGIN', path);
      const permissions = response.headers.get('permissions-policy') ?? '';
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) assert.match(permissions, new RegExp(`\\b${feature}=\\(\\)`), path);
      assert.equal(directives(response.headers.get('content-security-policy')).get('frame-ancestors')?.[0], "'self'", path);
      assert.equal(response.headers.get('strict-transport-security'), null, `${path}: no HSTS over plain HTTP`);
    }
  });

  void test('answers that are not pages get a policy under which nothing runs', async () => {
    for (const path of ['/api/blog-posts', '/api/newsletter/unsubscribe?email=a%40b.co&token=x', '/robots.txt', '/assets/missing-0000.js']) {
      const response = await fetch(site(path));
      await response.arrayBuffer();
      const policy = directives(response.headers.get('content-security-policy'));
      assert.deepEqual(policy.get('default-src'), ["'none'"], path);
      assert.equal(policy.get('script-src'), undefined, path);
    }
  });
});

void describe('the CSP in Chromium', () => {
  let browser: Browser;
  let context: BrowserContext;

  before(async () => {
    browser = await launchBrowser();
    context = await newWatchedContext(browser);
    // No internet here: the embeds are answered locally, after the browser's CSP check has let them through.
    await context.route(YOUTUBE_EMBED, (route) => route.fulfill({ contentType: 'text/html', body: '<p id="embed">YouTube player</p>' }));
    await context.route(`${RUFUS_RADAR_URL}**`, (route) => route.fulfill({ contentType: 'text/html', body: '<p id="embed">Rufus Radar</p>' }));
    await context.route('https://i.ytimg.com/**', (route) => route.fulfill({ status: 404, body: '' }));
  });

  after(async () => {
    await context?.close();
    await browser?.close();
  });

  void test('every page hydrates with no CSP violation, and in-app navigation loads its code', async () => {
    for (const path of PAGES) {
      const { page } = await openWatchedPage(context, site(path));
      assert.deepEqual(await securityEvents(page), { violations: [], cspConsole: [], dialogs: [] }, path);
      await page.close();
    }
    const { page } = await openWatchedPage(context, site('/'));
    await page.locator('header a[href="/about"]').first().click();
    await page.waitForURL('**/about');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.goBack();
    await page.waitForURL(site('/'));
    assert.deepEqual(await securityEvents(page), { violations: [], cspConsole: [], dialogs: [] });
    await page.close();
  });

  void test('the admin panel works under the CSP, signed in or not', async () => {
    const signedOut = await openWatchedPage(context, site('/admin'));
    assert.deepEqual(await securityEvents(signedOut.page), { violations: [], cspConsole: [], dialogs: [] });
    await signedOut.page.close();

    const staff = await newWatchedContext(browser);
    const [name, value] = (await adminCookie()).split(';')[0]!.split('=') as [string, string];
    await staff.addCookies([{ name, value, url: e2eStack.gatewayUrl }]);
    const signedIn = await openWatchedPage(staff, site('/admin'));
    await signedIn.page.waitForTimeout(500);
    assert.deepEqual(await securityEvents(signedIn.page), { violations: [], cspConsole: [], dialogs: [] });
    await staff.close();
  });

  void test('the YouTube player and the Rufus Radar tool load in their frames', async () => {
    const { page } = await openWatchedPage(context, site('/youtube-channel'));
    await page.getByRole('button', { name: `Play ${seeded.videoTitles[0]}` }).click();
    const player = page.frameLocator('.player iframe');
    assert.equal(await player.locator('#embed').textContent(), 'YouTube player');
    assert.deepEqual((await securityEvents(page)).violations, []);
    await page.close();

    const rufus = await openWatchedPage(context, site('/amazon-rufus-radar'));
    assert.equal(await rufus.page.frameLocator('iframe.embed-frame').locator('#embed').textContent(), 'Rufus Radar');
    assert.deepEqual(await securityEvents(rufus.page), { violations: [], cspConsole: [], dialogs: [] });
    await rufus.page.close();
  });

  void test('the policy is enforced: script injected into a page that its policy does not name does not run', async () => {
    const { page } = await openWatchedPage(context, site('/blog'));
    const ran = await page.evaluate(async () => {
      const flags = window as unknown as Record<string, unknown>;
      const script = document.createElement('script');
      script.textContent = 'window.__injectedScriptRan = true';
      document.body.append(script);
      const holder = document.createElement('div');
      holder.innerHTML = '<img src="/favicon-missing.png" onerror="window.__injectedHandlerRan = true">';
      document.body.append(holder);
      const frame = document.createElement('iframe');
      frame.src = 'https://frames-not-allowed.example/';
      document.body.append(frame);
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { script: flags.__injectedScriptRan === true, handler: flags.__injectedHandlerRan === true };
    });
    assert.deepEqual(ran, { script: false, handler: false });
    const { violations } = await securityEvents(page);
    assert.ok(violations.some((violation) => violation.startsWith('script-src-elem')), violations.join('\n'));
    assert.ok(violations.some((violation) => violation.startsWith('script-src-attr')), violations.join('\n'));
    assert.ok(violations.some((violation) => violation.startsWith('frame-src https://frames-not-allowed.example')), violations.join('\n'));
    await page.close();
  });
});
