import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { confirmDelete, holdRequests, expectOnPublicPage, expectToast, openTab, record, recordButton, signIn, useAdminBrowser } from '../support/admin-console.js';

const stamp = Date.now();
const video = { title: `E2E Video ${stamp}`, renamed: `E2E Video ${stamp} (updated)` };

void describe('admin YouTube videos through the dialogs, checked on /youtube-channel', () => {
  const admin = useAdminBrowser([{ path: '/api/admin/youtube-videos', values: [video.title, video.renamed] }]);
  before(() => admin.open());
  after(() => admin.close());

  void test("video: a refused URL keeps the dialog, 'Saving...', create, rename and delete, each seen on /youtube-channel", async () => {
    const { page, errors } = await signIn(admin.state.context);
    const panel = await openTab(page, 'YouTube Videos');
    await panel.getByRole('button', { name: 'New Video' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New YouTube Video' });
    const order = dialog.getByLabel('Display Order');
    assert.equal(await order.inputValue(), '0');
    assert.equal(await order.getAttribute('min'), '0');
    await dialog.getByLabel('Title').fill(video.title);
    await dialog.getByLabel('Description').fill('A video added by the e2e suite.');
    await dialog.getByLabel('YouTube URL').fill('https://example.com/not-a-video');
    await dialog.getByRole('switch', { name: 'Published' }).click();
    await dialog.getByRole('button', { name: 'Create Video' }).click();
    await expectToast(page, 'Error', 'youtubeUrl must link to a YouTube video, such as https://www.youtube.com/watch?v=…, https://youtu.be/… or a /shorts/, /embed/ or /live/ link.');
    await dialog.getByRole('button', { name: 'Create Video' }).waitFor();

    await dialog.getByLabel('YouTube URL').fill('https://www.youtube.com/watch?v=E2eVideo001');
    const hold = await holdRequests(page, '**/api/admin/youtube-videos');
    await dialog.getByRole('button', { name: 'Create Video' }).click();
    const saving = dialog.getByRole('button', { name: 'Saving...' });
    await saving.waitFor();
    assert.equal(await saving.isDisabled(), true);
    hold.release();
    await expectToast(page, 'Success', 'YouTube video created successfully');
    await hold.done();
    await dialog.waitFor({ state: 'detached' });
    const row = record(panel, video.title);
    const details = (await row.textContent()) ?? '';
    assert.match(details, /Display Order\s*0/);
    assert.match(details, /Video ID\s*E2eVideo001/);

    await expectOnPublicPage(admin.state.context, '/youtube-channel', async (channel) =>
      (await channel.locator('.video-card h3', { hasText: video.title }).count()) ? null : 'the video is not listed',
    );

    await recordButton(panel, 'Edit', 'YouTube video', video.title);
    const edit = page.getByRole('dialog', { name: 'Edit YouTube Video' });
    await edit.getByLabel('Title').fill(video.renamed);
    await edit.getByRole('button', { name: 'Update Video' }).click();
    await expectToast(page, 'Success', 'YouTube video updated successfully');
    await record(panel, video.renamed).waitFor();
    await expectOnPublicPage(admin.state.context, '/youtube-channel', async (channel) =>
      (await channel.locator('.video-card h3', { hasText: video.renamed }).count()) ? null : 'the new title is not listed',
    );

    await recordButton(panel, 'Delete', 'YouTube video', video.renamed);
    await confirmDelete(page, 'YouTube video', video.renamed);
    await expectToast(page, 'Success', 'YouTube video deleted successfully');
    await record(panel, video.renamed).waitFor({ state: 'detached' });
    await expectOnPublicPage(admin.state.context, '/youtube-channel', async (channel) =>
      (await channel.locator('.video-card h3', { hasText: video.renamed }).count()) ? 'the video is still listed' : null,
    );
    assert.deepEqual(errors, []);
    await page.close();
  });
});
