import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';
import { newContext, openPage, PUBLIC_ROUTES, seriousAxeViolations } from '../support/site.js';

void describe('accessibility (axe-core): no serious or critical violations', () => {
  let browser: Browser;
  let desktop: BrowserContext;
  let phone: BrowserContext;

  before(async () => {
    browser = await launchBrowser();
    // The cookie banner is part of every first visit, so it is checked too.
    desktop = await newContext(browser, { acceptCookies: false });
    phone = await newContext(browser, { width: 360, acceptCookies: false });
  });

  after(async () => {
    await browser?.close();
  });

  for (const route of [...PUBLIC_ROUTES, { path: '/no/such/page' }, { path: '/admin' }, { path: '/search?q=amazon%20rufus' }, { path: '/search?q=qqqzzz' }, { path: '/search' }]) {
    void test(`${route.path} at 1366 px`, async () => {
      const { page } = await openPage(desktop, route.path);
      // The admin has its own layout, without the visitors' cookie notice.
      if (route.path === '/admin') await page.getByRole('heading', { level: 1 }).waitFor();
      else await page.getByRole('region', { name: 'Cookie notice' }).waitFor();
      assert.deepEqual(await seriousAxeViolations(page), []);
      await page.close();
    });
  }

  for (const path of ['/', '/blog', '/faq', '/contact']) {
    void test(`${path} at 360 px with the menu open`, async () => {
      const { page } = await openPage(phone, path);
      await page.getByRole('button', { name: 'Open menu' }).click();
      assert.deepEqual(await seriousAxeViolations(page), []);
      await page.close();
    });
  }

  void test('an open FAQ answer and an open header menu', async () => {
    const { page } = await openPage(desktop, '/faq');
    await page.locator('.faq-trigger').first().click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Tools' }).click();
    // Radix NavigationMenu's focus proxy beside an open trigger is aria-hidden yet tabbable by design:
    // it only forwards keyboard focus into the open menu. Everything else on the page is checked.
    assert.deepEqual(await seriousAxeViolations(page, ['.nav-item > span[aria-hidden="true"][tabindex="0"]']), []);
    await page.close();
  });
});
