import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';
import { newContext, openPage, site } from '../support/site.js';

const COOKIE_TEXT = 'We use cookies to improve your experience. By continuing, you accept our cookie policy.';

void describe('header, mobile menu, cookie banner and toasts', () => {
  let browser: Browser;

  before(async () => {
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
  });

  void test('desktop header: menus navigate, the active link follows the path, Get Started goes to contact', async () => {
    const context = await newContext(browser);
    const { page, errors } = await openPage(context, '/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    // A pointer opens a menu by hovering its trigger (a click on an open trigger closes it).
    const openMenu = async (name: string) => {
      const trigger = nav.getByRole('button', { name });
      await trigger.hover();
      await nav.locator(`button[data-state="open"]`, { hasText: name }).waitFor();
    };
    await openMenu('Resources');
    await nav.getByRole('link', { name: /Search Lab/ }).click();
    await page.waitForURL('**/search-lab');
    await page.getByRole('heading', { level: 1, name: 'How AI assistants really recommend products' }).waitFor();
    assert.match((await nav.getByRole('button', { name: 'Resources' }).getAttribute('class')) ?? '', /is-active/);

    await openMenu('Tools');
    const external = nav.getByRole('link', { name: /Query Clustering/ });
    assert.equal(await external.getAttribute('target'), '_blank');
    assert.match((await external.getAttribute('rel')) ?? '', /noopener/);
    await nav.getByRole('link', { name: /AI Image Reader/ }).click();
    await page.waitForURL('**/ai-image-reader');
    assert.match((await nav.getByRole('button', { name: 'Tools' }).getAttribute('class')) ?? '', /is-active/);

    await nav.getByRole('link', { name: 'Framework' }).click();
    await page.waitForURL('**/llm-visibility-framework');
    assert.match((await nav.getByRole('link', { name: 'Framework' }).getAttribute('class')) ?? '', /is-active/);

    await page.locator('header').getByRole('link', { name: 'Get Started' }).click();
    await page.waitForURL('**/contact');
    assert.deepEqual(errors, []);
    await context.close();
  });

  void test('keyboard: the Resources menu opens with Enter and its links are reachable', async () => {
    const context = await newContext(browser);
    const { page } = await openPage(context, '/');
    // On wide screens the menu's behaviour arrives once the page is idle (see site-header.tsx).
    await page.locator('.desktop-nav button[data-state]').first().waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Resources' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.textContent ?? '');
    assert.match(focused, /Blog/);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/blog');
    await context.close();
  });

  void test('mobile menu: toggles open and closes when a choice is made', async () => {
    const context = await newContext(browser, { width: 390 });
    const { page, errors } = await openPage(context, '/');
    assert.equal(await page.getByRole('navigation', { name: 'Main' }).isVisible(), false);
    const toggle = page.getByRole('button', { name: 'Open menu' });
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    await toggle.click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await menu.waitFor();
    assert.equal(await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded'), 'true');
    await menu.getByRole('link', { name: 'YouTube Channel' }).click();
    await page.waitForURL('**/youtube-channel');
    await menu.waitFor({ state: 'hidden' });
    assert.equal(await page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded'), 'false');

    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.waitFor();
    await page.getByRole('button', { name: 'Close menu' }).click();
    await menu.waitFor({ state: 'hidden' });
    assert.deepEqual(errors, []);
    await context.close();
  });

  void test('cookie banner: Close hides it for this view only; Accept stores the choice for good', async () => {
    const context = await newContext(browser, { acceptCookies: false });
    const { page } = await openPage(context, '/');
    const banner = page.getByRole('region', { name: 'Cookie notice' });
    await banner.waitFor();
    assert.ok(((await banner.textContent()) ?? '').includes(COOKIE_TEXT));
    assert.equal(await banner.getByRole('link', { name: 'Learn more' }).getAttribute('href'), '/privacy-tos');

    await banner.getByRole('button', { name: 'Close cookie banner' }).click();
    await banner.waitFor({ state: 'detached' });
    assert.equal(await page.evaluate(() => localStorage.getItem('cookiesAccepted')), null);
    await page.reload();
    await page.locator('html[data-hydrated="true"]').waitFor();
    await banner.waitFor();

    await banner.getByRole('button', { name: 'Accept' }).click();
    await banner.waitFor({ state: 'detached' });
    assert.equal(await page.evaluate(() => localStorage.getItem('cookiesAccepted')), 'true');
    await page.reload();
    await page.locator('html[data-hydrated="true"]').waitFor();
    await page.goto(site('/faq'));
    await page.locator('html[data-hydrated="true"]').waitFor();
    await page.waitForTimeout(300);
    assert.equal(await banner.count(), 0);
    await context.close();
  });

  void test('toasts: F8 moves focus to the notification region', async () => {
    const context = await newContext(browser);
    const { page } = await openPage(context, '/contact');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.locator('.toast').waitFor();
    await page.keyboard.press('F8');
    const focused = await page.evaluate(() => document.activeElement?.className ?? '');
    assert.match(focused, /toast-viewport/);
    await context.close();
  });

  void test('after a page change focus is on the new main heading and the page is announced', async () => {
    const context = await newContext(browser);
    const { page, errors } = await openPage(context, '/');
    // The first load leaves focus alone.
    assert.equal(await page.evaluate(() => document.activeElement?.tagName), 'BODY');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
    await page.waitForURL('**/about');
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    const announced = page.locator('p[role="status"][aria-live="polite"]', { hasText: 'About' });
    await announced.waitFor();
    assert.equal(await announced.textContent(), await page.title());
    assert.deepEqual(errors, []);
    await context.close();
  });

  void test('toasts never cover the cookie banner buttons', async () => {
    for (const width of [1280, 1366]) {
      const context = await newContext(browser, { width, acceptCookies: false });
      const { page } = await openPage(context, '/contact');
      const banner = page.getByRole('region', { name: 'Cookie notice' });
      await banner.waitFor();
      await page.getByRole('button', { name: 'Send Message' }).click();
      const toast = page.locator('.toast').first();
      await toast.waitFor();
      await page.waitForTimeout(400);
      const toastBox = (await toast.boundingBox())!;
      for (const name of ['Accept', 'Close cookie banner']) {
        const button = (await banner.getByRole('button', { name }).boundingBox())!;
        const overlaps =
          toastBox.x < button.x + button.width && button.x < toastBox.x + toastBox.width && toastBox.y < button.y + button.height && button.y < toastBox.y + toastBox.height;
        assert.equal(overlaps, false, `${width} px: the toast covers ${name}`);
      }
      // Still pressable with the toast up.
      await banner.getByRole('button', { name: 'Accept' }).click({ trial: true, timeout: 2000 });
      await context.close();
    }
  });

  void test('Rufus Radar: a loading card, then a fallback card with Open in a new tab when its frame does not load', async () => {
    const context = await newContext(browser);
    // The tool never answers.
    await context.route('https://example.com/rufus-radar**', () => undefined);
    const { page } = await openPage(context, '/amazon-rufus-radar');
    await page.getByText('Loading Amazon Rufus Radar…').waitFor();
    await page.getByRole('heading', { name: 'Amazon Rufus Radar did not load here' }).waitFor({ timeout: 20_000 });
    const open = page.getByRole('link', { name: /Open in a new tab/ });
    assert.equal(await open.getAttribute('href'), 'https://example.com/rufus-radar');
    assert.equal(await open.getAttribute('target'), '_blank');
    await context.close();
  });
});
