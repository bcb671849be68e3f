import { setTimeout as sleep } from 'node:timers/promises';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser } from './browser.js';
import { e2eStack } from './e2e-env.js';
import { adminCookie, adminRequest, newContext, openPage, type OpenedPage } from './site.js';

/** The local-storage flag the admin page keeps ('true' means signed in). */
export const ADMIN_FLAG_KEY = 'adminAuthenticated';

/**
 * The web server reuses content reads for WEB_CONTENT_CACHE_MS (10 s unless set; the e2e stack
 * leaves the default), so a public page may show an admin change only once that window passes.
 */
const PUBLIC_CHANGE_WINDOW_MS = 10_000 + 5_000;

/** The toast with this title, once it shows; its whole text. */
export async function toastText(page: Page, title: string): Promise<string> {
  const toast = page.locator('.toast', { has: page.locator('.toast-title', { hasText: title }) });
  await toast.waitFor();
  return ((await toast.textContent()) ?? '').trim();
}

/** Waits for a toast whose description is exactly `description`. */
export async function expectToast(page: Page, title: 'Success' | 'Error', description: string): Promise<void> {
  await page.locator('.toast', { has: page.locator('.toast-title', { hasText: title }) }).locator('.toast-description', { hasText: description }).waitFor();
}

export async function adminFlag(page: Page): Promise<string | null> {
  return page.evaluate((key) => window.localStorage.getItem(key), ADMIN_FLAG_KEY);
}

/** Opens /admin and signs in through the login form. */
export async function signIn(context: BrowserContext): Promise<OpenedPage> {
  const opened = await openPage(context, '/admin');
  const { page } = opened;
  const dashboard = page.getByRole('heading', { level: 1, name: 'Content Management' });
  const password = page.getByLabel('Password');
  await Promise.race([dashboard.waitFor(), password.waitFor()]);
  if (await password.isVisible()) {
    await password.fill(e2eStack.adminPassword);
    await page.getByRole('button', { name: 'Login' }).click();
    await dashboard.waitFor();
    // The toast region loads with its first toast; a toast that mounts after a dialog opens is
    // the top Radix layer and takes the first Escape, so tests wait for it before going on.
    await expectToast(page, 'Success', 'Welcome to the admin panel');
  }
  return opened;
}

export async function openTab(page: Page, name: string): Promise<Locator> {
  await page.getByRole('tab', { name, exact: true }).click();
  return page.getByRole('tabpanel', { name });
}

/** A record in the open tab's list, found by its heading. */
export function record(panel: Locator, heading: string): Locator {
  return panel.locator('article.admin-record', { has: panel.page().getByRole('heading', { name: heading, exact: true }) });
}

/**
 * Checks a public page as a visitor gets it: reloads until `check` holds or the web server's
 * content cache window has passed, then fails with the last reason.
 */
export async function expectOnPublicPage(context: BrowserContext, path: string, check: (page: Page) => Promise<string | null>): Promise<void> {
  const { page } = await openPage(context, path);
  const deadline = Date.now() + PUBLIC_CHANGE_WINDOW_MS;
  try {
    for (;;) {
      const problem = await check(page);
      if (problem === null) return;
      if (Date.now() > deadline) throw new Error(`${path}: ${problem}`);
      await sleep(1000);
      await page.reload({ waitUntil: 'load' });
      await page.locator('html[data-hydrated="true"]').waitFor();
    }
  } finally {
    await page.close();
  }
}

/** Reads an admin list through the API (to find ids and slugs the UI does not show). */
export async function adminList<T>(path: string): Promise<T[]> {
  const response = await adminRequest(await adminCookie(), 'GET', path);
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return (await response.json()) as T[];
}

/** Removes what a failed test may have left, so that later specs count the seeded content only. */
export async function deleteByTitle(path: string, titles: string[], field: 'title' | 'name' = 'title'): Promise<void> {
  const cookie = await adminCookie();
  const listed = (await (await adminRequest(cookie, 'GET', path)).json()) as Record<string, unknown>[];
  for (const item of listed) {
    if (titles.includes(String(item[field]))) await adminRequest(cookie, 'DELETE', `${path}/${String(item.id)}`);
  }
}

/** Checks for expectOnPublicPage. */
export const absent = (what: string) => async (page: Page) => ((await page.getByText(what, { exact: true }).count()) === 0 ? null : `"${what}" is still shown`);
export const shown = (what: string) => async (page: Page) => ((await page.getByText(what, { exact: true }).count()) > 0 ? null : `"${what}" is not shown`);

/** Clicks a record's Edit or Delete button (their names say which record). */
export async function recordButton(panel: Locator, action: 'Edit' | 'Delete', noun: string, name: string): Promise<void> {
  await panel.getByRole('button', { name: `${action} ${noun}: ${name}`, exact: true }).click();
}

/** Confirms the "Delete this …?" question and returns the alert dialog (it stays open if the delete fails). */
export async function confirmDelete(page: Page, noun: string, name: string): Promise<Locator> {
  const confirm = page.getByRole('alertdialog', { name: `Delete this ${noun}?` });
  await confirm.waitFor();
  assert.match((await confirm.textContent()) ?? '', new RegExp(`“${name.replace(/[()]/g, '\\$&')}” will be deleted permanently`));
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  return confirm;
}

/** The selection of a textarea as [start, end]. */
export async function selectionOf(area: Locator): Promise<[number, number]> {
  return area.evaluate((element: HTMLTextAreaElement) => [element.selectionStart, element.selectionEnd] as [number, number]);
}

/**
 * A browser for one admin spec file, and, after it, removal through the API of whatever a failed
 * test left behind, so that the specs that count content see the seed only.
 */
export function useAdminBrowser(leftovers: { path: string; field?: 'title' | 'name'; values: string[] }[] = []) {
  const state = {} as { browser: Browser; context: BrowserContext };
  return {
    state,
    async open(): Promise<void> {
      state.browser = await launchBrowser();
      state.context = await newContext(state.browser);
    },
    async close(): Promise<void> {
      for (const { path, field, values } of leftovers) await deleteByTitle(path, values, field);
      await state.context?.close();
      await state.browser?.close();
    },
  };
}

/**
 * Holds the page's requests to `pattern` until `release` is called, to see a busy state
 * ('Checking...', 'Saving...'). Call `done` once the held request has been answered.
 */
export async function holdRequests(page: Page, pattern: string): Promise<{ release: () => void; done: () => Promise<void> }> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return { release, done: () => page.unroute(pattern) };
}
