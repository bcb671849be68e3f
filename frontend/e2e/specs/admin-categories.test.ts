import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { confirmDelete, expectOnPublicPage, expectToast, openTab, record, recordButton, signIn, useAdminBrowser } from '../support/admin-console.js';
import type { Page } from 'playwright-core';
import { adminCookie, adminRequest } from '../support/site.js';

const stamp = Date.now();
const category = { name: `E2E Category ${stamp}`, renamed: `E2E Renamed ${stamp}` };
const postTitle = `E2E category post ${stamp}`;

void describe('admin categories through the dialogs, checked on the /blog filter', () => {
  const admin = useAdminBrowser([
    { path: '/api/admin/blog-posts', values: [postTitle] },
    { path: '/api/admin/categories', field: 'name', values: [category.name, category.renamed] },
  ]);
  before(() => admin.open());
  after(() => admin.close());

  void test('category: keyboard-friendly dialog, create, duplicate refused, rename, a used category is kept, delete', async () => {
    const { page, errors } = await signIn(admin.state.context);
    const panel = await openTab(page, 'Categories');
    const newButton = panel.getByRole('button', { name: 'New Category' });
    await newButton.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Create New Category' });
    await dialog.waitFor();
    assert.equal(await dialog.evaluate((element) => element.contains(document.activeElement)), true, 'focus moves into the dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await newButton.evaluate((element) => element === document.activeElement), true, 'focus returns to New Category');

    await newButton.click();
    await dialog.getByLabel('Name').fill(category.name);
    await dialog.getByLabel('Description').fill('Made by the e2e suite.');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expectToast(page, 'Success', 'Category created successfully');
    await record(panel, category.name).getByText('Made by the e2e suite.').waitFor();

    await newButton.click();
    await dialog.getByLabel('Name').fill('Amazon');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expectToast(page, 'Error', 'Failed to create category');
    assert.match((await dialog.getByRole('alert').textContent()) ?? '', /already exists/);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The blog's filter lists only categories with a published post: none yet, then one.
    const chip = (name: string) => async (blog: Page) => ((await blog.locator('.filter-bar button', { hasText: name }).count()) ? null : 'no chip yet');
    await expectOnPublicPage(admin.state.context, '/blog', async (blog) => ((await chip(category.name)(blog)) === null ? 'a chip without a published post' : null));
    const cookie = await adminCookie();
    const post = await adminRequest(cookie, 'POST', '/api/admin/blog-posts', {
      title: postTitle,
      excerpt: 'e',
      content: 'c',
      category: category.name,
      readTime: 3,
      published: true,
      datePosted: new Date().toISOString(),
    });
    assert.equal(post.status, 201);
    const postId = ((await post.json()) as { id: number }).id;
    await expectOnPublicPage(admin.state.context, '/blog', chip(category.name));

    await recordButton(panel, 'Edit', 'category', category.name);
    const edit = page.getByRole('dialog', { name: 'Edit Category' });
    assert.equal(await edit.getByLabel('Name').inputValue(), category.name);
    await edit.getByLabel('Name').fill(category.renamed);
    await edit.getByRole('button', { name: 'Update', exact: true }).click();
    await expectToast(page, 'Success', 'Category updated successfully');
    await record(panel, category.renamed).waitFor();
    await expectOnPublicPage(admin.state.context, '/blog', async (blog) => {
      const chips = (await blog.locator('.filter-bar button').allTextContents()).map((text) => text.trim());
      return chips.includes(category.renamed) && !chips.includes(category.name) ? null : `chips: ${chips.join(', ')}`;
    });

    await recordButton(panel, 'Delete', 'category', 'Amazon');
    const refused = await confirmDelete(page, 'category', 'Amazon');
    await expectToast(page, 'Error', 'Failed to delete category');
    assert.match((await refused.getByRole('alert').textContent()) ?? '', /used by \d+ blog posts?/);
    await refused.getByRole('button', { name: 'Cancel' }).click();
    await record(panel, 'Amazon').waitFor();

    assert.equal((await adminRequest(cookie, 'DELETE', `/api/admin/blog-posts/${postId}`)).status, 204);
    await recordButton(panel, 'Delete', 'category', category.renamed);
    await confirmDelete(page, 'category', category.renamed);
    await expectToast(page, 'Success', 'Category deleted successfully');
    await record(panel, category.renamed).waitFor({ state: 'detached' });
    await expectOnPublicPage(admin.state.context, '/blog', async (blog) => ((await blog.locator('.filter-bar button', { hasText: category.renamed }).count()) ? 'the chip is still shown' : null));
    assert.deepEqual(errors, []);
    await page.close();
  });
});
