import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { AuditRecord, ImageAnalysisRecord } from '@agency/shared';
import { adminList, expectToast, openTab, record, signIn, useAdminBrowser } from '../support/admin-console.js';
import { e2eSql } from '../support/e2e-database.js';
import { openPage, site } from '../support/site.js';
import { packshotPng } from '../support/test-images.js';

const stamp = Date.now();
const lead = { name: 'Leah Lead', email: `leah-${stamp}@example.com`, company: 'Lead Foods Ltd', message: `We want an audit for our snacks (${stamp}).` };
const audit = { query: `e2e busiest query ${stamp}`, email: lead.email };
const BULK = `Bulk e2e ${stamp}`;

async function totalOf(path: string): Promise<number> {
  const { adminCookie } = await import('../support/site.js');
  const response = await fetch(site(path), { headers: { cookie: await adminCookie() } });
  assert.equal(response.status, 200);
  return Number(response.headers.get('x-total-count'));
}

void describe('the lead inbox at volume: paging, search, a lead read in full, marked handled, bulk archive, export, erasure, the overview', () => {
  const admin = useAdminBrowser();

  before(async () => {
    await admin.open();
    // Enough messages for several pages, straight into the table; three to archive together.
    await e2eSql(
      `INSERT INTO contact_messages (name, email, message, created_at)
       SELECT 'Volume ' || n, 'volume' || n || '-${stamp}@example.com', 'Volume message ' || n, now() - n * interval '1 minute' FROM generate_series(1, 60) n`,
    );
    await e2eSql(
      `INSERT INTO contact_messages (name, email, message) SELECT 'Bulk ' || n, 'bulk' || n || '-${stamp}@example.com', '${BULK} ' || n FROM generate_series(1, 3) n`,
    );
    // The lead as a visitor sends it: the contact form (its hidden honeypot left empty), and an audit.
    const { page } = await openPage(admin.state.context, '/contact');
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByLabel('Name').fill(lead.name);
    await form.getByLabel('Email').fill(lead.email);
    await form.getByLabel('Company').fill(lead.company);
    await form.getByLabel('Message').fill(lead.message);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await page.locator('.toast-title', { hasText: 'Message Sent!' }).waitFor();
    await page.close();
    const answer = await fetch(site('/api/llm-query'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(audit) });
    assert.equal(answer.status, 200);
    const image = await fetch(site('/api/analyze-image'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: lead.email, imageBase64: packshotPng(600, 0.6, [47, 125, 79]).toString('base64') }),
    });
    assert.equal(image.status, 200);
  });

  after(() => admin.close());

  void test('Overview charts render with data', async () => {
    const { page, errors } = await signIn(admin.state.context);
    const panel = await openTab(page, 'Overview');
    await panel.getByRole('heading', { name: 'Overview' }).waitFor();
    await panel.locator('canvas').nth(2).waitFor();
    assert.equal(await panel.locator('canvas').count(), 3);
    for (const canvas of await panel.locator('canvas').all()) {
      const box = await canvas.boundingBox();
      assert.ok(box && box.width > 100 && box.height > 100, 'a drawn chart');
      assert.ok((await canvas.getAttribute('aria-label'))?.length, 'a chart names its figures');
    }
    await panel.getByText(/\d+ new leads in 30 days/).waitFor();
    await panel.locator('.admin-busiest').getByText(audit.query).waitFor();
    // The figures behind the leads chart: 30 days, the contact messages of the last hour counted.
    await panel.getByText('Show the figures').first().click();
    const rows = panel.locator('.admin-figures').first().locator('tbody tr');
    assert.equal(await rows.count(), 30);
    let messages = 0;
    for (const row of await rows.all()) messages += Number((await row.locator('td').last().textContent()) ?? 0);
    assert.ok(messages >= 64, `contact messages in 30 days: ${messages}`);
    assert.deepEqual(errors, []);
    await page.close();
  });

  void test('Contact Messages: the total from X-Total-Count, pages, search by email, the lead in full, marked handled with a note, exported', async () => {
    const total = await totalOf('/api/contact-messages?limit=1');
    assert.ok(total >= 64);
    const { page, errors } = await signIn(admin.state.context);
    const panel = await openTab(page, 'Contact Messages');
    await panel.getByText(`${total.toLocaleString('en-GB')} Total Messages`, { exact: true }).waitFor();
    await panel.getByText(`Showing 1–25 of ${total.toLocaleString('en-GB')}`).waitFor();
    assert.equal(await panel.locator('article.admin-record').count(), 25);
    await panel.getByRole('button', { name: 'Next' }).click();
    await panel.getByText(`Showing 26–50 of ${total.toLocaleString('en-GB')}`).waitFor();
    await panel.getByText(`Page 2 of ${Math.ceil(total / 25)}`).waitFor();

    await panel.getByLabel('Search messages').fill(lead.email.toUpperCase());
    await panel.getByText('1 Total Messages', { exact: true }).waitFor();
    await panel.getByText('Showing 1–1 of 1').waitFor();
    const row = panel.locator('article.admin-record');
    await row.getByText(lead.message).waitFor();
    await row.getByText('New', { exact: true }).waitFor();

    await row.getByRole('button', { name: /^Open message/ }).click();
    const dialog = page.getByRole('dialog', { name: /^Message #\d+$/ });
    for (const part of [lead.name, lead.email, lead.company, lead.message]) await dialog.getByText(part, { exact: true }).waitFor();
    await dialog.getByLabel('Status').selectOption('handled');
    await dialog.getByLabel('Private note').fill('Called on Monday, sending a proposal.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Success', 'Contact message updated successfully');
    // The toast is the top layer now and would take an Escape: close with the button.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.getByText('Handled', { exact: true }).waitFor();
    await row.getByText('Note: Called on Monday, sending a proposal.').waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Export CSV' }).click()]);
    assert.match(download.suggestedFilename(), /^contact-messages-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = readFileSync(await download.path(), 'utf8').trimEnd().split('\r\n');
    assert.equal(lines.length, 2, 'the header and the one lead the search matched');
    assert.match(lines[1]!, new RegExp(`"${lead.email.replace(/\./g, '\\.')}","${lead.company}",".*","handled","Called on Monday, sending a proposal\\."`));
    assert.deepEqual(errors, []);
    await page.close();
  });

  void test('Contact Messages: bulk archive with confirmation', async () => {
    const { page } = await signIn(admin.state.context);
    const panel = await openTab(page, 'Contact Messages');
    await panel.getByLabel('Search messages').fill(BULK);
    await panel.getByText('3 Total Messages', { exact: true }).waitFor();
    await panel.getByLabel('Select all on this page').check();
    await panel.getByText('3 messages selected').waitFor();
    await panel.getByRole('button', { name: 'Archive', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Archive 3 messages?' });
    await confirm.getByRole('button', { name: 'Archive' }).click();
    await expectToast(page, 'Success', 'Archived 3 messages');
    await panel.getByLabel('Status').selectOption('archived');
    await panel.getByText('3 Total Messages', { exact: true }).waitFor();
    assert.equal(await panel.locator('article.admin-record .badge-status-archived').count(), 3);
    await page.close();
  });

  void test('LLM Queries: an audit opens in full, every engine with its answer', async () => {
    const [stored] = await adminList<AuditRecord>(`/api/admin/llm-queries?q=${encodeURIComponent(audit.query)}`);
    assert.ok(stored);
    const { page } = await signIn(admin.state.context);
    const panel = await openTab(page, 'LLM Queries');
    await panel.getByLabel('Search queries').fill(audit.query);
    await panel.getByText('1 Total Queries', { exact: true }).waitFor();
    await record(panel, `Query #${stored.id}`).getByRole('button', { name: `Open query #${stored.id}` }).click();
    const dialog = page.getByRole('dialog', { name: `Query #${stored.id}` });
    for (const engine of ['ChatGPT', 'Claude', 'Gemini', 'Grok']) await dialog.getByRole('heading', { name: engine, exact: true }).waitFor();
    await dialog.getByText(/Simulated ChatGPT answer/).first().waitFor();
    await page.close();
  });

  void test('Image Analyses: the lead’s analysis opens in full, each model’s reading and the main-image checks', async () => {
    const [stored] = await adminList<ImageAnalysisRecord>(`/api/admin/image-analyses?q=${encodeURIComponent(lead.email)}`);
    assert.ok(stored);
    const { page, errors } = await signIn(admin.state.context);
    const panel = await openTab(page, 'Image Analyses');
    await panel.getByText(/^[\d,]+ total analyses$/).waitFor();
    await panel.getByLabel('Search analyses').fill(lead.email);
    await panel.getByText('1 total analyses', { exact: true }).waitFor();
    await record(panel, `Analysis #${stored.id}`).getByRole('button', { name: `Open analysis #${stored.id}` }).click();
    const dialog = page.getByRole('dialog', { name: `Analysis #${stored.id}` });
    for (const model of ['ChatGPT', 'Claude', 'Gemini', 'Grok']) await dialog.getByRole('heading', { name: model, exact: true }).waitFor();
    await dialog.getByText(stored.models.openai!.findings![0]!).first().waitFor();
    await dialog.getByRole('heading', { name: 'Main-image checks' }).waitFor();
    // The e2e stack runs in demo mode: the stored analysis says so.
    assert.equal(stored.simulated, true);
    await dialog.getByText(/^Simulated \(demo mode\)/).waitFor();
    assert.equal(await dialog.locator('tbody tr').count(), stored.mainImageChecks.length);
    assert.equal(await dialog.getByText('Pass', { exact: true }).count(), stored.mainImageChecks.filter((check) => check.pass).length);
    assert.deepEqual(errors, []);
    await page.close();
  });

  void test('the person view: an email on a record opens every record of that address, and erasing from it shows the counts first', async () => {
    const { page, errors } = await signIn(admin.state.context);
    const panel = await openTab(page, 'LLM Queries');
    const [stored] = (await adminList<AuditRecord>('/api/admin/llm-queries')).filter((item) => item.query === audit.query);
    assert.ok(stored);
    await record(panel, `Query #${stored.id}`).getByRole('link', { name: lead.email }).click();
    await page.waitForURL((url) => url.pathname === '/admin/people' && url.searchParams.get('email') === lead.email);
    const person = page.getByRole('region', { name: `Person: ${lead.email}` });
    for (const [section, count] of [['Contact messages', 1], ['AI Search Audits (LLM Queries)', 1], ['Semantic Expansion requests', 0], ['Image analyses', 1], ['Marketing sign-up', 1]] as const) {
      const part = person.getByRole('region', { name: new RegExp(`^${section.replace(/[()]/g, '\\$&')} `) });
      await part.waitFor();
      assert.equal(await part.getByRole('article').count(), count, section);
    }
    await person.getByText(lead.message).waitFor();
    await person.getByText(audit.query).waitFor();
    // No tab is chosen on the person view; Back returns to the tab the link was on.
    assert.equal(await page.getByRole('tab', { selected: true }).count(), 0);

    await person.getByRole('button', { name: "Erase this person's data" }).click();
    const dialog = page.getByRole('dialog', { name: "Erase a person's data" });
    await dialog.getByText(`Erasing ${lead.email} deletes 1 contact message, 1 audit, 0 fan-out requests, 1 image analysis and the subscriber row.`).waitFor();
    assert.equal(await dialog.getByLabel('Email address').isVisible(), false);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/admin/audits');
    await page.getByRole('tab', { name: 'LLM Queries', selected: true }).waitFor();
    assert.deepEqual(errors, []);
    await page.close();
  });

  void test('Erase person removes the lead everywhere, and the Activity tab logs it without the address', async () => {
    const { page } = await signIn(admin.state.context);
    await page.getByRole('button', { name: 'Erase person' }).click();
    const dialog = page.getByRole('dialog', { name: "Erase a person's data" });
    await dialog.getByLabel('Email address').fill(lead.email);
    await dialog.getByRole('button', { name: 'Erase permanently' }).click();
    await expectToast(page, 'Success', 'Erased 1 contact message, 1 audit, 0 fan-out requests, 1 image analysis and the subscriber row.');
    const left = await e2eSql(
      `SELECT (SELECT count(*) FROM contact_messages WHERE lower(email) = $1) + (SELECT count(*) FROM llm_queries WHERE lower(email) = $1)
            + (SELECT count(*) FROM image_analyses WHERE lower(email) = $1) + (SELECT count(*) FROM marketing_subscribers WHERE email = $1) AS left`,
      [lead.email],
    );
    assert.equal(Number(left[0]!.left), 0);
    const activity = await openTab(page, 'Activity');
    await activity.getByText("Erased a person's data: 1 contact message, 1 audit, 0 fan-out requests, 1 image analysis and their subscriber row").waitFor();
    await activity.getByText('Archived 3 contact messages').first().waitFor();
    assert.equal(await activity.getByText(lead.email).count(), 0);
    await page.close();
  });
});
