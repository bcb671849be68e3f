import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { BlogPost } from '@agency/shared';
import { adminList, absent, confirmDelete, expectOnPublicPage, expectToast, openTab, record, recordButton, selectionOf, shown, signIn, useAdminBrowser } from '../support/admin-console.js';
import { seriousAxeViolations } from '../support/site.js';

const stamp = Date.now();
const post = { title: `E2E Post ${stamp}`, renamed: `E2E Post ${stamp} (updated)` };

void describe('admin blog posts through the dialogs, checked on /blog', () => {
  const admin = useAdminBrowser([{ path: '/api/admin/blog-posts', values: [post.title, post.renamed] }]);
  before(() => admin.open());
  after(() => admin.close());

  void test('blog post: a draft written with the editor stays hidden, publishing shows it on /blog, delete removes it', async () => {
    const { page, errors } = await signIn(admin.state.context);
    const panel = await openTab(page, 'Blog Posts');
    await panel.getByRole('button', { name: 'New Post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Blog Post' });
    await dialog.waitFor();
    // Empty: the read time is computed from the text unless staff type their own.
    assert.equal(await dialog.getByLabel('Read Time').inputValue(), '');
    assert.equal(await dialog.getByLabel('Read Time').getAttribute('placeholder'), '1 min read');
    const posted = await dialog.getByLabel('Date Posted').inputValue();
    assert.ok(Math.abs(new Date(posted).getTime() - Date.now()) < 5 * 60_000, `date posted defaults to now, got ${posted}`);
    assert.equal(await dialog.getByRole('switch', { name: 'Published' }).getAttribute('aria-checked'), 'false');
    assert.deepEqual(await seriousAxeViolations(page, ['.toast-viewport']), []);

    // The browser checks the required fields before anything is sent.
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    assert.equal(await dialog.isVisible(), true);

    await dialog.getByLabel('Title').fill(post.title);
    await dialog.getByLabel('Excerpt').fill('Written by the e2e suite.');
    const content = dialog.getByLabel('Content');
    await content.fill('Read the guide today. See ');
    await content.evaluate((element: HTMLTextAreaElement) => element.setSelectionRange(9, 14));
    await dialog.getByRole('button', { name: 'Bold' }).click();
    assert.equal(await content.inputValue(), 'Read the **guide** today. See ');
    assert.deepEqual(await selectionOf(content), [11, 16], 'the same word stays selected');
    await content.evaluate((element: HTMLTextAreaElement) => element.setSelectionRange(19, 25));
    await dialog.getByRole('button', { name: 'Underline' }).click();
    assert.equal(await content.inputValue(), 'Read the **guide** __today.__ See ');
    await content.evaluate((element: HTMLTextAreaElement) => element.setSelectionRange(element.value.length, element.value.length));
    page.once('dialog', (prompt) => {
      assert.equal(prompt.message(), 'Enter the URL for the link:');
      void prompt.accept('https://example.com/e2e');
    });
    await dialog.getByRole('button', { name: 'Link' }).click();
    assert.equal(await content.inputValue(), 'Read the **guide** __today.__ See [link text](https://example.com/e2e)');
    const [start, end] = await selectionOf(content);
    assert.equal((await content.inputValue()).slice(start, end), 'link text');
    await dialog.getByLabel('Category').selectOption('Amazon');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expectToast(page, 'Success', 'Blog post created successfully');
    await dialog.waitFor({ state: 'detached' });
    await record(panel, post.title).getByText('Draft', { exact: true }).waitFor();

    const slug = (await adminList<BlogPost>('/api/admin/blog-posts')).find((item) => item.title === post.title)?.slug;
    assert.ok(slug);
    await expectOnPublicPage(admin.state.context, '/blog', absent(post.title));
    await expectOnPublicPage(admin.state.context, `/blog/${slug}`, shown('Blog Post Not Found'));

    await recordButton(panel, 'Edit', 'blog post', post.title);
    const edit = page.getByRole('dialog', { name: 'Edit Blog Post' });
    assert.equal(await edit.getByLabel('Title').inputValue(), post.title);
    assert.equal(await edit.getByLabel('Category').inputValue(), 'Amazon');
    await edit.getByLabel('Title').fill(post.renamed);
    await edit.getByRole('switch', { name: 'Published' }).click();
    await edit.getByRole('button', { name: 'Update', exact: true }).click();
    await expectToast(page, 'Success', 'Blog post updated successfully');
    await edit.waitFor({ state: 'detached' });
    await record(panel, post.renamed).getByText('Published', { exact: true }).waitFor();

    await expectOnPublicPage(admin.state.context, '/blog', shown(post.renamed));
    await expectOnPublicPage(admin.state.context, `/blog/${slug}`, async (article) => {
      if ((await article.getByRole('heading', { level: 1, name: post.renamed }).count()) === 0) return 'the post is not shown';
      assert.equal(await article.locator('.prose strong').textContent(), 'guide');
      assert.equal(await article.locator('.prose u').textContent(), 'today.');
      const link = article.locator('.prose a', { hasText: 'link text' });
      assert.equal(await link.getAttribute('href'), 'https://example.com/e2e');
      assert.equal(await link.getAttribute('target'), '_blank');
      return null;
    });

    // A refused update keeps the dialog open with the server's reason.
    await recordButton(panel, 'Edit', 'blog post', post.renamed);
    await edit.getByLabel('Image URL').fill('ftp://example.com/picture.jpg');
    await edit.getByRole('button', { name: 'Update', exact: true }).click();
    await expectToast(page, 'Error', 'Failed to update blog post: image must be an http or https URL or an image from the media library.');
    assert.equal(await edit.getByRole('alert').textContent(), 'image must be an http or https URL or an image from the media library.');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await edit.waitFor({ state: 'detached' });

    await recordButton(panel, 'Delete', 'blog post', post.renamed);
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    await record(panel, post.renamed).waitFor();
    await recordButton(panel, 'Delete', 'blog post', post.renamed);
    await confirmDelete(page, 'blog post', post.renamed);
    await expectToast(page, 'Success', 'Blog post deleted successfully');
    await record(panel, post.renamed).waitFor({ state: 'detached' });
    await expectOnPublicPage(admin.state.context, '/blog', absent(post.renamed));
    assert.deepEqual(errors, []);
    await page.close();
  });
});
