import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, test } from 'node:test';
import { adminFlag, expectToast, holdRequests, openTab, signIn, toastText, useAdminBrowser } from '../support/admin-console.js';
import { e2eStack } from '../support/e2e-env.js';
import { fetchRaw, openPage, PRODUCT_NAME, seriousAxeViolations, site } from '../support/site.js';

void describe('admin login, session and logout in a browser', () => {
  const admin = useAdminBrowser();
  before(() => admin.open());
  after(() => admin.close());

  void test('/admin asks search engines not to index it', async () => {
    const raw = await fetchRaw('/admin');
    assert.equal(raw.status, 200);
    assert.match(raw.meta('robots') ?? '', /noindex/);
    assert.equal(raw.title.startsWith(`${PRODUCT_NAME} Admin`), true, raw.title);
  });

  void test("a wrong password shows 'Invalid password'; repeated failures show the server's wait; the right one signs in", async () => {
    const { page, errors } = await openPage(admin.state.context, '/admin');
    await page.getByRole('heading', { level: 1, name: `${PRODUCT_NAME} Admin` }).waitFor();
    await page.getByText('Enter password to access admin panel').waitFor();
    const password = page.getByLabel('Password');
    const login = page.getByRole('button', { name: 'Login' });

    // 'Checking...' while the server answers.
    const hold = await holdRequests(page, '**/api/admin/login');
    await password.fill('not-the-password');
    await login.click();
    const checking = page.getByRole('button', { name: 'Checking...' });
    await checking.waitFor();
    assert.equal(await checking.isDisabled(), true);
    hold.release();
    assert.equal(await toastText(page, 'Error'), 'ErrorInvalid password');
    await hold.done();
    assert.equal(await page.locator('.toast-destructive').count(), 1);
    assert.equal(await adminFlag(page), null);

    // Four more failures use up the free attempts; the next is throttled with the server's words.
    const attempt = async (): Promise<number> => {
      const [response] = await Promise.all([page.waitForResponse('**/api/admin/login'), login.click()]);
      return response.status();
    };
    for (let failure = 2; failure <= 5; failure++) assert.equal(await attempt(), 401);
    assert.equal(await attempt(), 429);
    await expectToast(page, 'Error', 'Too many failed login attempts. Please wait 1 seconds and try again.');
    await sleep(1500);

    await password.fill(e2eStack.adminPassword);
    await login.click();
    await expectToast(page, 'Success', 'Welcome to the admin panel');
    await page.getByRole('heading', { level: 1, name: 'Content Management' }).waitFor();
    assert.equal(await adminFlag(page), 'true');
    assert.deepEqual(
      (await page.getByRole('tab').allTextContents()).map((text) => text.trim()),
      ['Blog Posts', 'Categories', 'LLM Queries', 'Semantic Expansion', 'Image Analyses', 'Crawler Logs', 'Tracked Questions', 'Search Lab', 'YouTube Videos', 'Contact Messages', 'Subscribers', 'Emails', 'Overview', 'Activity'],
    );
    assert.equal(await page.getByRole('tab', { name: 'Blog Posts' }).getAttribute('aria-selected'), 'true');
    assert.deepEqual(errors, []);
    await page.close();
  });

  void test('a reload keeps the session; the tabs work from the keyboard; the dashboard passes axe', async () => {
    const { page, errors } = await signIn(admin.state.context);
    await page.reload();
    await page.locator('html[data-hydrated="true"]').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Content Management' }).waitFor();
    assert.equal(await page.getByLabel('Password').count(), 0);
    assert.equal(await adminFlag(page), 'true');

    const blogTab = page.getByRole('tab', { name: 'Blog Posts' });
    await blogTab.focus();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('tab', { name: 'Categories', selected: true }).waitFor();
    await page.keyboard.press('End');
    await page.getByRole('tab', { name: 'Activity', selected: true }).waitFor();
    await page.getByRole('tabpanel', { name: 'Activity' }).waitFor();
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('tabpanel', { name: 'Overview' }).locator('canvas').first().waitFor();
    await page.keyboard.press('Home');
    await page.getByRole('tabpanel', { name: 'Blog Posts' }).getByRole('article').first().waitFor();
    assert.deepEqual(await seriousAxeViolations(page, ['.toast-viewport']), []);
    assert.deepEqual(errors, []);
    await page.close();
  });

  void test('a 401 from any admin call (the session ended on the server) brings back the login', async () => {
    const { page } = await signIn(admin.state.context);
    const cookies = await admin.state.context.cookies();
    await admin.state.context.clearCookies();
    try {
      await openTab(page, 'LLM Queries');
      await page.getByLabel('Password').waitFor();
      assert.equal(await adminFlag(page), null);
    } finally {
      await admin.state.context.addCookies(cookies.filter((cookie) => cookie.name !== 'admin_session'));
    }
    await page.close();
  });

  void test('Logout ends the server session and returns to the login', async () => {
    const { page } = await signIn(admin.state.context);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByLabel('Password').waitFor();
    assert.equal(await adminFlag(page), null);
    const session = await page.request.get(site('/api/admin/session'));
    assert.equal(session.status(), 401);
    await page.reload();
    await page.getByLabel('Password').waitFor();
    await page.close();
  });
});
