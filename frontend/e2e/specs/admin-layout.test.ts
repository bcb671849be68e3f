import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { openTab, signIn, useAdminBrowser } from '../support/admin-console.js';
import { fetchRaw, newContext, openPage, PRODUCT_NAME, site } from '../support/site.js';

/** What only the visitors' layout draws: the site header with Get Started, the footer, the cookie notice. */
async function publicChrome(page: Page): Promise<Record<string, number>> {
  return {
    header: await page.locator('.site-header').count(),
    footer: await page.getByRole('contentinfo').count(),
    getStarted: await page.getByRole('link', { name: 'Get Started' }).count(),
    cookieNotice: await page.getByRole('region', { name: 'Cookie notice' }).count(),
  };
}

const NONE = { header: 0, footer: 0, getStarted: 0, cookieNotice: 0 };

/** E2E_SCREENSHOTS=<dir> keeps screenshots of the editors at each width. */
const screenshots = process.env.E2E_SCREENSHOTS;

async function keepScreenshot(page: Page, name: string): Promise<void> {
  if (!screenshots) return;
  mkdirSync(screenshots, { recursive: true });
  await page.screenshot({ path: `${screenshots}/${name}.png`, fullPage: true });
}

/** How far the page scrolls sideways: 0 when everything fits the window. */
async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

void describe('the admin in its own layout, each tab at its own address', () => {
  const admin = useAdminBrowser();
  before(() => admin.open());
  after(() => admin.close());

  void test('the login is drawn without the public header, footer, Get Started button or cookie notice, and has an h1 before the script runs', async () => {
    const raw = await fetchRaw('/admin');
    assert.match(raw.html, /<h1[ >][^<]*Admin<\/h1>/);
    const visitor = await newContext(admin.state.browser, { acceptCookies: false });
    const { page, errors } = await openPage(visitor, '/admin');
    await page.getByRole('heading', { level: 1, name: `${PRODUCT_NAME} Admin` }).waitFor();
    assert.deepEqual(await publicChrome(page), NONE);
    // A public page in the same browser still has them.
    await page.goto(site('/about'));
    await page.getByRole('region', { name: 'Cookie notice' }).waitFor();
    assert.equal(await page.getByRole('contentinfo').count(), 1);
    assert.deepEqual(errors, []);
    await visitor.close();
  });

  void test('/admin opens on Blog Posts; choosing a tab changes the address; Back and Forward move between tabs; an address opens its tab', async () => {
    const { page, errors } = await signIn(admin.state.context);
    assert.deepEqual(await publicChrome(page), NONE);
    await page.getByRole('tabpanel', { name: 'Blog Posts' }).getByRole('article').first().waitFor();
    assert.equal(new URL(page.url()).pathname, '/admin');

    await openTab(page, 'Categories');
    await page.waitForURL((url) => url.pathname === '/admin/categories');
    await openTab(page, 'LLM Queries');
    await page.waitForURL((url) => url.pathname === '/admin/audits');
    await page.getByRole('tabpanel', { name: 'LLM Queries' }).waitFor();

    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/admin/categories');
    await page.getByRole('tab', { name: 'Categories', selected: true }).waitFor();
    await page.getByRole('tabpanel', { name: 'Categories' }).waitFor();
    await page.goForward();
    await page.getByRole('tab', { name: 'LLM Queries', selected: true }).waitFor();

    for (const [path, label] of [
      ['/admin/posts', 'Blog Posts'],
      ['/admin/semantic-expansion', 'Semantic Expansion'],
      ['/admin/contact-messages', 'Contact Messages'],
      ['/admin/activity', 'Activity'],
    ] as const) {
      await page.goto(site(path));
      await page.getByRole('tab', { name: label, selected: true }).waitFor();
      await page.getByRole('tabpanel', { name: label }).waitFor();
      await page.getByRole('heading', { level: 1, name: 'Content Management' }).waitFor();
    }
    assert.deepEqual(errors, []);
    await page.close();
  });

  void test('the full editors keep their addresses, in the admin layout with their own h1', async () => {
    const { page, errors } = await signIn(admin.state.context);
    await page.goto(site('/admin/posts/new'));
    await page.getByRole('heading', { level: 1, name: 'New post' }).waitFor();
    assert.deepEqual(await publicChrome(page), NONE);
    await page.goto(site('/admin/case-studies/new'));
    await page.getByRole('heading', { level: 1, name: 'New case study' }).waitFor();
    assert.deepEqual(await publicChrome(page), NONE);
    assert.deepEqual(errors, []);
    await page.close();
  });

  void test('the post form fits a desktop and a 390 px phone, in the full editor and in the quick dialog', async () => {
    const { page, errors } = await signIn(admin.state.context);
    for (const { name, width, height } of [
      { name: 'desktop', width: 1280, height: 900 },
      { name: 'phone-390', width: 390, height: 844 },
    ]) {
      await page.setViewportSize({ width, height });
      await page.goto(site('/admin/posts/new'));
      await page.getByRole('heading', { level: 1, name: 'New post' }).waitFor();
      await page.getByRole('textbox', { name: 'Title', exact: true }).fill('How AI assistants choose the brands they name');
      await page.getByRole('textbox', { name: 'Content', exact: true }).fill('Assistants name **three brands** on average.\nRead [the method](https://example.com/method).');
      assert.equal(await sidewaysOverflow(page), 0, `the full editor scrolls sideways at ${width} px`);
      await keepScreenshot(page, `post-editor-${name}`);

      // Nothing was saved, so leaving asks first: stay on the safe side and discard.
      await page.getByRole('link', { name: 'Back to Content Management' }).click();
      await page.getByRole('button', { name: 'Leave without saving' }).click();
      const panel = await openTab(page, 'Blog Posts');
      await panel.getByRole('button', { name: 'New Post' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create New Blog Post' });
      await dialog.waitFor();
      const box = await dialog.boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= width, `the quick dialog fits ${width} px: ${JSON.stringify(box)}`);
      await keepScreenshot(page, `post-dialog-${name}`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    assert.deepEqual(errors, []);
    await page.close();
  });
});
