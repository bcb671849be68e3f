import type { Page } from 'playwright-core';

/** The text of the toast with this title (title and description), once it shows. */
export async function toastText(page: Page, title: string): Promise<string> {
  const toast = page.locator('.toast', { has: page.locator('.toast-title', { hasText: title }) });
  await toast.waitFor();
  return (await toast.textContent()) ?? '';
}
