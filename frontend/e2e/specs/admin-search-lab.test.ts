import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { SearchLabEntry } from '@agency/shared';
import { adminList, absent, confirmDelete, expectOnPublicPage, expectToast, openTab, record, recordButton, shown, signIn, useAdminBrowser } from '../support/admin-console.js';

const stamp = Date.now();
const entry = { title: `E2E Case Study ${stamp}` };

void describe('admin search lab entries through the dialogs, checked on /search-lab', () => {
  const admin = useAdminBrowser([{ path: '/api/admin/search-lab-entries', values: [entry.title] }]);
  before(() => admin.open());
  after(() => admin.close());

  void test('search lab: position hint, a published entry tops /search-lab, a draft is hidden, delete', async () => {
    const { page, errors } = await signIn(admin.state.context);
    const panel = await openTab(page, 'Search Lab');
    await panel.getByRole('button', { name: 'New Entry' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Search Lab Entry' });
    const position = dialog.getByLabel('Position Number');
    assert.equal(await position.inputValue(), '1');
    assert.equal(await position.getAttribute('min'), '1');
    await dialog.getByText('Higher numbers appear at the top of the public page; position 1 at the bottom.').waitFor();
    await dialog.getByLabel('Title').fill(entry.title);
    await dialog.getByLabel('Summary').fill('A case study written by the e2e suite.');
    await dialog.getByLabel('ChatGPT Link').fill('https://chatgpt.com/share/e2e-case-study');
    await position.fill('999999');
    await dialog.getByRole('switch', { name: 'Published' }).click();
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expectToast(page, 'Success', 'Search lab entry created successfully');
    const row = record(panel, entry.title);
    await row.getByText('Position #999999').waitFor();
    await row.getByText('Published', { exact: true }).waitFor();

    await expectOnPublicPage(admin.state.context, '/search-lab', async (list) => {
      const first = (await list.locator('article h2').first().textContent())?.trim();
      return first === entry.title ? null : `the first entry is "${first}"`;
    });

    await recordButton(panel, 'Edit', 'search lab entry', entry.title);
    const edit = page.getByRole('dialog', { name: 'Edit Search Lab Entry' });
    await edit.getByLabel('ChatGPT Link').fill('ftp://chatgpt.com/share/x');
    await edit.getByRole('button', { name: 'Update', exact: true }).click();
    await expectToast(page, 'Error', 'chatgptLink must be an http or https URL.');
    await edit.getByLabel('ChatGPT Link').fill('https://chatgpt.com/share/e2e-case-study');
    await edit.getByRole('switch', { name: 'Published' }).click();
    await edit.getByRole('button', { name: 'Update', exact: true }).click();
    await expectToast(page, 'Success', 'Search lab entry updated successfully');
    await row.getByText('Draft', { exact: true }).waitFor();

    const slug = (await adminList<SearchLabEntry>('/api/admin/search-lab-entries')).find((item) => item.title === entry.title)?.slug;
    assert.ok(slug);
    await expectOnPublicPage(admin.state.context, '/search-lab', absent(entry.title));
    await expectOnPublicPage(admin.state.context, `/search-lab/${slug}`, shown('Entry Not Found'));

    await recordButton(panel, 'Delete', 'search lab entry', entry.title);
    await confirmDelete(page, 'search lab entry', entry.title);
    await expectToast(page, 'Success', 'Search lab entry deleted successfully');
    await row.waitFor({ state: 'detached' });
    assert.deepEqual(errors, []);
    await page.close();
  });
});
