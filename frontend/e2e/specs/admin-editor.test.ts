import type { BlogPost, SearchLabEntry, YoutubeVideo } from '@agency/shared';
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { adminList, expectToast, openTab, record, signIn, useAdminBrowser } from '../support/admin-console.js';
import { adminCookie, adminRequest, seriousAxeViolations, site } from '../support/site.js';
import { solidPng } from '../support/test-images.js';

const stamp = Date.now();
const title = `E2E Scheduled Post ${stamp}`;
/** How long after its moment a scheduled post may take to show everywhere (the caches stop at X-Next-Publication; the gateway keeps a read 1 s). */
const APPEAR_WITHIN_MS = 5_000;

async function text(path: string): Promise<{ status: number; body: string; headers: Headers }> {
  const response = await fetch(site(path));
  return { status: response.status, body: await response.text(), headers: response.headers };
}

void describe('the full post editor: write with an uploaded cover, preview, schedule, see it appear', () => {
  const admin = useAdminBrowser([{ path: '/api/admin/blog-posts', values: [title] }]);
  before(() => admin.open());
  after(() => admin.close());

  void test('a post written in the full editor is previewed, scheduled a minute ahead and appears on /blog, in the sitemap and RSS at its moment', async () => {
    const { page } = await signIn(admin.state.context);
    await openTab(page, 'Blog Posts');
    await page.getByRole('link', { name: 'Write a post in the full editor' }).click();
    await page.getByRole('heading', { level: 1, name: 'New post' }).waitFor();

    // The button stays enabled; problems show under their fields and the first one has the focus.
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('Give the post a title.').waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'post-title');

    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    await page.getByRole('textbox', { name: 'Excerpt', exact: true }).fill('An excerpt written in the full editor.');
    const content = page.getByRole('textbox', { name: 'Content', exact: true });
    await content.fill('Scheduling works now.');
    // Keyboard shortcuts: Ctrl+B on a selected word; Ctrl+K opens the link dialog (no prompt()).
    await content.evaluate((area: HTMLTextAreaElement) => area.setSelectionRange(0, 10));
    await content.press('Control+b');
    assert.equal(await content.inputValue(), '**Scheduling** works now.');
    await content.evaluate((area: HTMLTextAreaElement) => area.setSelectionRange(15, 20));
    await content.press('Control+k');
    const linkDialog = page.getByRole('dialog', { name: 'Insert link' });
    await linkDialog.getByLabel('Address').fill('example.com/guide');
    await linkDialog.getByRole('button', { name: 'Insert link' }).click();
    await linkDialog.waitFor({ state: 'detached' });
    assert.equal(await content.inputValue(), '**Scheduling** [works](https://example.com/guide) now.');
    await page.getByRole('combobox', { name: 'Category' }).selectOption('AI Search');

    // The live preview uses the public renderer.
    const preview = page.getByRole('complementary', { name: 'Live preview' });
    await preview.locator('.prose strong', { hasText: 'Scheduling' }).waitFor();
    await preview.locator('.prose a[href="https://example.com/guide"]').waitFor();

    // Cover: uploaded through the media library, alt text required.
    await page.getByRole('button', { name: 'Choose cover image' }).click();
    const media = page.getByRole('dialog', { name: 'Use as cover' });
    await media.getByLabel('Image file').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: solidPng(1200, 630, [20, 110, 190]) });
    await media.getByRole('button', { name: 'Upload' }).click();
    await media.getByText('Describe the image for readers who cannot see it.').waitFor();
    await media.getByLabel('Alt text', { exact: true }).fill('A blue test card');
    await media.getByRole('button', { name: 'Upload' }).click();
    await media.getByLabel('Alt text for this use').waitFor();
    assert.equal(await media.getByLabel('Alt text for this use').inputValue(), 'A blue test card');
    await media.getByRole('button', { name: 'Use as cover' }).click();
    await media.waitFor({ state: 'detached' });
    assert.equal(await page.getByLabel('Cover alt text').inputValue(), 'A blue test card');
    assert.deepEqual(await seriousAxeViolations(page), []);

    // A draft saves itself and the address becomes the post's.
    await page.getByRole('status').filter({ hasText: /^Saved at/ }).waitFor({ timeout: 15_000 });
    await page.waitForURL(/\/admin\/posts\/\d+$/);
    const post = (await adminList<BlogPost>('/api/admin/blog-posts')).find((candidate) => candidate.title === title)!;
    assert.equal(post.published, false);
    assert.match(post.image ?? '', /^\/media\/[a-f0-9]+-1200x630\/1200\.jpg$/);
    assert.equal(post.imageAlt, 'A blue test card');

    // The gateway lets an upload of several megabytes through to the service, which checks the bytes.
    const large = await adminRequest(await adminCookie(), 'POST', '/api/admin/media', { data: Buffer.alloc(3 * 1024 * 1024, 7).toString('base64'), alt: 'Not an image' });
    assert.equal(large.status, 415);
    assert.equal(((await large.json()) as { message: string }).message, 'The file is not a JPEG, PNG, WebP or GIF image.');

    // Variants come from the gateway, cached for good.
    const variant = await fetch(site(post.image!.replace('1200.jpg', '480.webp')));
    assert.equal(variant.status, 200);
    assert.equal(variant.headers.get('content-type'), 'image/webp');
    assert.equal(variant.headers.get('cache-control'), 'public, max-age=31536000, immutable');

    // Preview on the public address: the staff member sees it with a marker; nobody else does.
    const [previewPage] = await Promise.all([admin.state.context.waitForEvent('page'), page.getByRole('link', { name: /^Preview/ }).click()]);
    await previewPage.locator('.preview-banner', { hasText: 'This page is a draft' }).waitFor();
    await previewPage.getByRole('heading', { level: 1, name: title }).waitFor();
    const cover = previewPage.locator('.article-image');
    assert.equal(await cover.getAttribute('alt'), 'A blue test card');
    assert.match((await cover.getAttribute('srcset')) ?? '', /480\.jpg 480w, .*960\.jpg 960w, .*1200\.jpg 1200w/);
    assert.match((await previewPage.locator('picture source[type="image/avif"]').first().getAttribute('srcset')) ?? '', /480\.avif 480w/);
    assert.ok(await cover.getAttribute('sizes'));
    assert.deepEqual(await seriousAxeViolations(previewPage), []);
    await previewPage.close();
    const rawPreview = await text(`/blog/${post.slug}?preview=1`);
    assert.equal(rawPreview.headers.get('cache-control'), 'no-store');
    assert.match(rawPreview.headers.get('x-robots-tag') ?? '', /noindex/);
    assert.doesNotMatch(rawPreview.body, /An excerpt written in the full editor/);
    assert.equal((await fetch(site(`/api/admin/blog-posts/${post.slug}`))).status, 401);
    assert.equal((await text(`/blog/${post.slug}`)).status, 404);

    // Schedule it about a minute ahead.
    const publishAt = new Date(Date.now() + 60_000);
    publishAt.setMilliseconds(0);
    const local = await page.evaluate((time) => {
      const date = new Date(time);
      const pad = (value: number) => String(value).padStart(2, '0');
      return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
    }, publishAt.getTime());
    await page.getByLabel('Publish at the date below (a future date schedules it)').check();
    await page.getByLabel('Publish date and time').fill(local);
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    await expectToast(page, 'Success', 'Blog post scheduled');
    await page.locator('.editor-state .badge', { hasText: 'Scheduled' }).waitFor();

    // Before its moment: listed as Scheduled in the admin, absent from every public list.
    await page.getByRole('link', { name: 'Back to Content Management' }).click();
    const panel = await openTab(page, 'Blog Posts');
    await record(panel, title).locator('.badge', { hasText: 'Scheduled' }).waitFor();
    assert.equal((await text(`/blog/${post.slug}`)).status, 404);
    assert.doesNotMatch((await text('/sitemap.xml')).body, new RegExp(post.slug));
    assert.doesNotMatch((await text('/rss.xml')).body, new RegExp(post.slug));
    assert.doesNotMatch((await text('/blog')).body, new RegExp(title));

    // At its moment it appears everywhere, with no restart and no cache holding it back.
    await sleep(Math.max(0, publishAt.getTime() - Date.now()));
    const deadline = publishAt.getTime() + APPEAR_WITHIN_MS;
    const missing = async (): Promise<string[]> => {
      const checks: [string, string, RegExp][] = [
        ['/blog', (await text('/blog')).body, new RegExp(title)],
        ['/sitemap.xml', (await text('/sitemap.xml')).body, new RegExp(`/blog/${post.slug}<`)],
        ['/rss.xml', (await text('/rss.xml')).body, new RegExp(`/blog/${post.slug}<`)],
        ['/llms.txt', (await text('/llms.txt')).body, new RegExp(post.slug)],
        [`/blog/${post.slug}`, String((await text(`/blog/${post.slug}`)).status), /^200$/],
      ];
      return checks.filter(([, body, pattern]) => !pattern.test(body)).map(([path]) => path);
    };
    for (;;) {
      const absent = await missing();
      if (absent.length === 0) break;
      assert.ok(Date.now() < deadline, `not shown ${APPEAR_WITHIN_MS / 1000} s after its moment: ${absent.join(', ')}`);
      await sleep(500);
    }
    const cookie = await adminCookie();
    await adminRequest(cookie, 'DELETE', `/api/admin/blog-posts/${post.id}`);
  });
});

const caseTitle = `E2E Case Study ${stamp}`;

void describe('the full case-study editor: optional sections shown when filled', () => {
  const admin = useAdminBrowser([{ path: '/api/admin/search-lab-entries', values: [caseTitle] }]);
  before(() => admin.open());
  after(() => admin.close());

  void test('a case study written with a challenge, a result with figures and a date shows those sections, and not the empty one', async () => {
    const { page } = await signIn(admin.state.context);
    await openTab(page, 'Search Lab');
    await page.getByRole('link', { name: 'Write a case study in the full editor' }).click();
    await page.getByRole('heading', { level: 1, name: 'New case study' }).waitFor();
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(caseTitle);
    await page.getByRole('textbox', { name: 'Summary', exact: true }).fill('What we asked and what we found.');
    await page.getByRole('textbox', { name: 'ChatGPT Link', exact: true }).fill('https://chatgpt.com/share/e2e-case');
    await page.getByLabel('Date of the work').fill('2025-06-30');
    await page.getByRole('textbox', { name: 'The challenge' }).fill('Never named for **protein bars**.');
    await page.getByRole('textbox', { name: 'The result' }).fill('Named in 7 of 10 answers (up from 0).');
    await page.getByRole('textbox', { name: 'Search title' }).fill('Protein bars in ChatGPT: a case study');
    await page.getByLabel('Published').check();
    await page.getByRole('button', { name: 'Publish' }).click();
    await expectToast(page, 'Success', 'Case study published');
    const entry = (await adminList<SearchLabEntry>('/api/admin/search-lab-entries')).find((candidate) => candidate.title === caseTitle)!;
    assert.equal(entry.caseDate, '2025-06-30');

    const deadline = Date.now() + APPEAR_WITHIN_MS + 10_000;
    for (;;) {
      const page = await text(`/search-lab/${entry.slug}`);
      if (page.status === 200) {
        assert.match(page.body, /<h2[^>]*>The challenge<\/h2>/);
        assert.match(page.body, /Never named for <strong>protein bars<\/strong>\./);
        assert.match(page.body, /<h2[^>]*>The result<\/h2>/);
        assert.match(page.body, /30 June 2025/);
        assert.doesNotMatch(page.body, />What changed</);
        assert.match(page.body, /<title>Protein bars in ChatGPT: a case study<\/title>/);
        break;
      }
      assert.ok(Date.now() < deadline, `the case study is not public: ${page.status}`);
      await sleep(500);
    }
    await adminRequest(await adminCookie(), 'DELETE', `/api/admin/search-lab-entries/${entry.id}`);
  });
});

void describe('videos reordered by keyboard', () => {
  const admin = useAdminBrowser();
  let original: YoutubeVideo[] = [];
  before(async () => {
    await admin.open();
    original = await adminList<YoutubeVideo>('/api/admin/youtube-videos');
  });
  after(async () => {
    // Puts every video back at its own number, for the specs that read the seeded order.
    const cookie = await adminCookie();
    for (const video of original) {
      await adminRequest(cookie, 'PUT', `/api/admin/youtube-videos/${video.id}`, {
        title: video.title,
        description: video.description,
        youtubeUrl: video.youtubeUrl,
        published: video.published,
        displayOrder: video.displayOrder,
      });
    }
    await admin.close();
  });

  void test('Space picks a video up, the arrow key moves it, Space drops it, and the public order follows', async () => {
    assert.ok(original.length >= 2, 'the seed has at least two videos');
    const { page } = await signIn(admin.state.context);
    const panel = await openTab(page, 'YouTube Videos');
    await page.getByRole('button', { name: 'Reorder videos' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reorder videos' });
    const first = original[0]!;
    const handle = dialog.getByRole('button', { name: `Move ${first.title}, position 1 of ${original.length}` });
    await handle.focus();
    await page.keyboard.press('Space');
    await page.getByText(`${first.title} is now at position 1 of ${original.length}.`).waitFor({ state: 'attached' });
    // Dropped once the move is announced, as a screen-reader user would. The dialog measures its rows
    // before a drag starts, so the first arrow key moves; a user whose key went unheard on a busy
    // machine presses it again, and so does this test (at most three times).
    const moved = page.getByText(`${first.title} is now at position 2 of ${original.length}.`);
    for (let attempt = 1; ; attempt++) {
      await page.keyboard.press('ArrowDown');
      try {
        await moved.waitFor({ state: 'attached', timeout: 2_000 });
        break;
      } catch (error) {
        if (attempt === 3) throw error;
      }
    }
    await page.keyboard.press('Space');
    await expectToast(page, 'Success', 'Order saved');
    await dialog.getByRole('button', { name: `Move ${first.title}, position 2 of ${original.length}` }).waitFor();
    assert.deepEqual(await seriousAxeViolations(page), []);

    const expected = [original[1]!.id, first.id, ...original.slice(2).map((video) => video.id)];
    const after = await adminList<YoutubeVideo>('/api/admin/youtube-videos');
    assert.deepEqual(after.map((video) => video.id), expected);
    assert.deepEqual(after.map((video) => video.displayOrder), expected.map((_id, index) => index));
    // (Escape would first close the toast, the top layer since it mounted after the dialog.)
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await record(panel, first.title).waitFor();
    const publicOrder = (await (await fetch(site('/api/youtube-videos'))).json()) as YoutubeVideo[];
    assert.deepEqual(publicOrder.map((video) => video.id), after.filter((video) => video.published).map((video) => video.id));
  });
});
