import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fetchRaw, openPage, seeded, site, useSuiteBrowser } from '../support/site.js';

void describe('site search', () => {
  const suite = useSuiteBrowser();

  void test('is rendered on the server with highlighted results, noindex and no canonical', async () => {
    const page = await fetchRaw('/search?q=protein%20bars');
    assert.equal(page.status, 200);
    assert.equal(page.meta('robots'), 'noindex, follow');
    assert.equal(page.canonical, undefined);
    assert.equal(page.h1, 'Results for “protein bars”');
    assert.ok(page.html.includes(`href="/search-lab/${seeded.caseStudy.slug}"`), 'the seeded case study is a result');
    const amazon = await fetchRaw('/search?q=amazon%20rufus');
    assert.match(amazon.html, /<mark>Amazon<\/mark>/i, 'matched words highlighted in the snippets');
    // The JSON-LD search action's address answers.
    assert.equal((await fetch(site('/search?q=amazon'))).status, 200);
  });

  void test('a visitor searches from the header and reaches a result; empty and no-result states say what to do', async () => {
    const { page, errors } = await openPage(suite.context, '/');
    const field = page.locator('header').getByRole('searchbox', { name: 'Search the site' });
    await field.fill('amazon rufus');
    await field.press('Enter');
    await page.waitForURL('**/search?q=amazon+rufus');
    await page.getByRole('heading', { level: 1, name: 'Results for “amazon rufus”' }).waitFor();
    const results = page.locator('.search-result');
    // The heading comes with the new address; the results may arrive a moment after it.
    await results.nth(1).waitFor();
    assert.ok((await results.count()) >= 2, 'several results');
    assert.ok((await page.locator('.search-result mark').count()) > 0, 'matches highlighted');
    const kinds = await page.locator('.search-result .eyebrow').allTextContents();
    assert.ok(kinds.includes('Blog post') && kinds.includes('FAQ'), kinds.join(', '));

    const search = page.locator('main').getByRole('searchbox', { name: 'Search for' });
    await search.fill('qqqzzzunfindable');
    await page.locator('main').getByRole('button', { name: 'Search' }).click();
    await page.getByText('No results for “qqqzzzunfindable”.').waitFor();
    assert.ok(await page.locator('main').getByRole('link', { name: 'FAQ' }).isVisible());

    await search.fill('   ');
    await page.locator('main').getByRole('button', { name: 'Search' }).click();
    await page.getByText('Enter a word or phrase to search for.').waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('name')), 'q', 'focus on the invalid field');

    await page.goto(site('/search'));
    await page.getByText('Type a word or phrase above to search our blog posts, case studies, videos, FAQ and free tools.').waitFor();

    await page.goto(site('/search?q=amazon%20rufus'));
    await page.locator('html[data-hydrated="true"]').waitFor();
    await results.first().locator('a').click();
    await page.waitForURL(/\/(amazon-rufus-radar|blog|search-lab|faq|youtube-channel)/);
    assert.deepEqual(errors, []);
    await page.close();
  });

  void test('lists the tool pages by name and forgives a typo', async () => {
    const rufus = await fetchRaw('/search?q=rufus');
    assert.ok(rufus.html.includes('href="/amazon-rufus-radar"'), 'the Amazon Rufus Radar page is a result');
    const typo = await fetchRaw('/search?q=protien');
    assert.equal(typo.status, 200);
    assert.ok(typo.html.includes(`href="/search-lab/${seeded.caseStudy.slug}"`), 'the protein case study found despite the typo');
    assert.match(typo.html, /for “protein”/);
    assert.match(typo.html, /nothing matched “protien”/);
  });

  void test('its two search landmarks, the header’s and the page’s, have names of their own', async () => {
    const { page } = await openPage(suite.context, '/search?q=protein');
    const names = await page.getByRole('search').evaluateAll((forms) => forms.filter((form) => (form as HTMLElement).offsetParent !== null).map((form) => form.getAttribute('aria-label')));
    assert.deepEqual(names, ['Site search', 'Refine your search']);
    await page.close();
  });

  void test('a primary button shows a visible focus ring from the keyboard', async () => {
    const { page } = await openPage(suite.context, '/search');
    const button = page.locator('main').getByRole('button', { name: 'Search' });
    await page.locator('main').getByRole('searchbox', { name: 'Search for' }).focus();
    await page.keyboard.press('Tab');
    assert.equal(await button.evaluate((element) => element === document.activeElement), true);
    const ring = await button.evaluate((element) => {
      const style = getComputedStyle(element);
      return { outlineStyle: style.outlineStyle, outlineWidth: parseFloat(style.outlineWidth) };
    });
    assert.equal(ring.outlineStyle, 'solid');
    assert.ok(ring.outlineWidth >= 2, `outline ${ring.outlineWidth}px`);
    // The same for a primary link-button on a light and a dark section.
    for (const path of ['/contact', '/']) {
      const opened = await openPage(suite.context, path);
      const primary = opened.page.locator('main .btn-primary').first();
      await primary.focus();
      await opened.page.keyboard.press('Shift+Tab');
      await opened.page.keyboard.press('Tab');
      const outline = await primary.evaluate((element) => (element === document.activeElement ? getComputedStyle(element).outlineStyle : 'not focused'));
      assert.equal(outline, 'solid', path);
      await opened.page.close();
    }
    await page.close();
  });
});
