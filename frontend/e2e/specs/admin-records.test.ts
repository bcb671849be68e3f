import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { ContactMessage, SemanticExpansionRecord as FanOutRecord, AuditRecord } from '@agency/shared';
import { adminList, openTab, record, signIn, useAdminBrowser } from '../support/admin-console.js';
import { openPage, site } from '../support/site.js';

const stamp = Date.now();
const audit = { query: `e2e admin audit ${stamp}`, brand: 'Corvel', email: `audit-${stamp}@example.com` };
const fanOut = { keyword: `e2e admin keyword ${stamp}`, website: 'https://example.com', email: `fanout-${stamp}@example.com` };
const visitor = { name: 'E2E Visitor', email: `contact-${stamp}@example.com`, company: 'E2E Company Ltd', message: `Please audit our brand (${stamp}).` };

async function post<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(site(path), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  assert.equal(response.status, 200, `${path}: ${response.status}`);
  return (await response.json()) as T;
}

void describe('admin read-only tabs: what the tools and the contact form stored, and the subscribers export', () => {
  const admin = useAdminBrowser();
  let fanOutAnswer: { queries: string[]; websiteCheck: { status: string }; websiteAnalysis: { found: boolean }[] };

  before(async () => {
    await admin.open();
    // The tools run in demo mode against the model simulator, through the gateway.
    await post('/api/llm-query', audit);
    fanOutAnswer = await post('/api/query-fan-out', fanOut);
    const { page } = await openPage(admin.state.context, '/contact');
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByLabel('Name').fill(visitor.name);
    await form.getByLabel('Email').fill(visitor.email);
    await form.getByLabel('Company').fill(visitor.company);
    await form.getByLabel('Message').fill(visitor.message);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await page.locator('.toast-title', { hasText: 'Message Sent!' }).waitFor();
    await page.close();
  });

  after(() => admin.close());

  void test("LLM Queries: the count, the info box and the audit's record with a 150-character preview and its cited domains", async () => {
    const records = await adminList<AuditRecord>('/api/admin/llm-queries');
    const stored = records.find((item) => item.query === audit.query);
    assert.ok(stored);
    const { page, errors } = await signIn(admin.state.context);
    const panel = await openTab(page, 'LLM Queries');
    await panel.getByText(`${records.length} Total Queries`, { exact: true }).waitFor();
    await panel.getByText(/Emails submitted through the LLM Recall Checker/).waitFor();
    const row = record(panel, `Query #${stored.id}`);
    const text = (await row.textContent()) ?? '';
    // Each engine's model as its answer named it, not one configured model for all four.
    for (const part of [audit.query, audit.brand, audit.email, `ChatGPT: ${stored.models?.openai ?? 'missing'}`]) assert.ok(text.includes(part), part);
    const preview = (await row.locator('.admin-preview p').textContent()) ?? '';
    assert.match(preview, /^ChatGPT: Simulated ChatGPT answer/);
    assert.equal(preview.length, 153, 'the first 150 characters and an ellipsis');
    // The sites the four answers cited, as text, those most models cited first.
    const domains = await row.locator('.admin-cited-domains li').allTextContents();
    const cited = new Set(Object.values(stored.citations).flatMap((list) => (list ?? []).map(({ url }) => new URL(url).hostname.replace(/^www\./, ''))));
    assert.equal(domains.length, cited.size);
    assert.ok(domains.every((domain) => /^[a-z0-9.-]+\.example \(\d models?\)$/.test(domain)), domains.join(' | '));
    assert.equal(await row.locator('.admin-cited-domains a').count(), 0);
    assert.deepEqual(errors, []);
    await page.close();
  });

  void test('Semantic Expansion: the count and the request with its query variations and website coverage', async () => {
    const records = await adminList<FanOutRecord>('/api/admin/query-fan-out-requests');
    const stored = records.find((item) => item.keyword === fanOut.keyword);
    assert.ok(stored);
    const found = fanOutAnswer.websiteAnalysis.filter((item) => item.found).length;
    const { page } = await signIn(admin.state.context);
    const panel = await openTab(page, 'Semantic Expansion');
    await panel.getByText(`${records.length} total requests`, { exact: true }).waitFor();
    const row = record(panel, `Request #${stored.id}`);
    await row.getByText(fanOut.keyword).waitFor();
    await row.getByText(fanOut.email).waitFor();
    await row.getByText(`Generated ${fanOutAnswer.queries.length} query variations`).waitFor();
    // A site that could not be read was not checked: no "0 / n found" as if it had been.
    if (fanOutAnswer.websiteCheck.status === 'unreadable') await row.getByText('Website not checked (it could not be read)').waitFor();
    else await row.getByText(`Website coverage: ${found} / ${fanOutAnswer.websiteAnalysis.length} queries found`).waitFor();
    await page.close();
  });

  void test('Contact Messages: the count and the message as the visitor sent it', async () => {
    const messages = await adminList<ContactMessage>('/api/contact-messages');
    const stored = messages.find((item) => item.email === visitor.email);
    assert.ok(stored);
    const { page } = await signIn(admin.state.context);
    const panel = await openTab(page, 'Contact Messages');
    await panel.getByText(`${messages.length} Total Messages`, { exact: true }).waitFor();
    const row = record(panel, `Message #${stored.id}`);
    for (const part of [visitor.name, visitor.email, visitor.company, visitor.message]) await row.getByText(part, { exact: true }).waitFor();
    await page.close();
  });

  void test('Subscribers: each sign-up with its source awaiting confirmation, and a CSV export for the mailing tool that holds only confirmed addresses', async () => {
    const { page, errors } = await signIn(admin.state.context);
    const panel = await openTab(page, 'Subscribers');
    for (const [email, source] of [
      [audit.email, 'AI Search Audit'],
      [fanOut.email, 'Semantic Expansion'],
      [visitor.email, 'Contact form'],
    ] as const) {
      const row = record(panel, email);
      // Double opt-in: a form or tool sign-up counts only once its confirmation link is followed.
      await row.getByText('Awaiting confirmation', { exact: true }).waitFor();
      await row.getByText(source, { exact: true }).waitFor();
    }

    const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Export CSV' }).click()]);
    assert.match(download.suggestedFilename(), /^subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = readFileSync(await download.path(), 'utf8').trimEnd().split('\r\n');
    assert.equal(lines[0], '\uFEFF"email","source","consent_at","status","unsubscribed_at","unsubscribe_url"');
    for (const email of [audit.email, fanOut.email, visitor.email]) {
      assert.equal(lines.find((candidate) => candidate.startsWith(`"${email}",`)), undefined, `${email} is not confirmed yet`);
    }
    assert.deepEqual(errors, []);
    await page.close();
  });
});
