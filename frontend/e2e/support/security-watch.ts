import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newContext } from './site.js';

/** What the page did that a policy refused, or that only injected script would do. */
export interface SecurityEvents {
  /** `securitypolicyviolation` events: "directive blocked-uri". */
  violations: string[];
  /** Console messages that report a Content Security Policy refusal. */
  cspConsole: string[];
  /** alert(), confirm() and prompt() calls (each dismissed). */
  dialogs: string[];
}

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/**
 * Records, from before any page script runs, every CSP violation the context's pages report.
 * Call once per context; read with `securityEvents(page)` for each page.
 */
export async function watchSecurityEvents(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations!.push(`${event.effectiveDirective} ${event.blockedURI || '(inline)'}`);
    });
  });
}

const pageEvents = new WeakMap<Page, { cspConsole: string[]; dialogs: string[] }>();

/** Starts listening on a page for console CSP reports and dialogs (before its navigation). */
export function listenForAttacks(page: Page): void {
  const events = { cspConsole: [] as string[], dialogs: [] as string[] };
  pageEvents.set(page, events);
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) events.cspConsole.push(message.text());
  });
  page.on('dialog', (dialog) => {
    events.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
}

export async function securityEvents(page: Page): Promise<SecurityEvents> {
  const violations = await page.evaluate(() => window.__cspViolations ?? []);
  const events = pageEvents.get(page) ?? { cspConsole: [], dialogs: [] };
  return { violations, cspConsole: [...events.cspConsole], dialogs: [...events.dialogs] };
}

/** A page with the security listeners attached before it loads `url`, waited until React hydrated it. */
export async function openWatchedPage(context: BrowserContext, url: string): Promise<{ page: Page; status: number | undefined }> {
  const page = await context.newPage();
  listenForAttacks(page);
  const response = await page.goto(url, { waitUntil: 'load' });
  await page.locator('html[data-hydrated="true"]').waitFor();
  return { page, status: response?.status() };
}

/** A fresh browser context whose pages record CSP violations from their first script on. */
export async function newWatchedContext(browser: Browser): Promise<BrowserContext> {
  const context = await newContext(browser);
  await watchSecurityEvents(context);
  return context;
}
