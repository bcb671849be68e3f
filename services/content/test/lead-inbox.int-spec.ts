import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AdminActivityEntry, ContactMessage, ErasureReceipt } from '@agency/shared';
import { UnsubscribeToken } from '../src/subscribers/unsubscribe-token.js';
import { adminCookie, asAdmin, SITE_ORIGIN, type AdminClient, type TestContext } from './support/test-app.js';
import { type ContentWithTools, startContentWithTools } from './support/tools-api.js';

const PERSON = 'Lead.Person@Example.com';

/** The tools service's records for two people, on the database its migrations (run by the tools API's start) laid out. */
async function withToolRecords(ctx: TestContext): Promise<void> {
  for (const [job, email] of [['a1', PERSON], ['a2', 'lead.person@example.com'], ['a3', 'other@example.com']]) {
    await ctx.dataSource.query(`INSERT INTO llm_queries (job_id, query, email, model, response) VALUES ($1, 'best vitamins', $2, 'gpt-4o', '{}')`, [job, email]);
    await ctx.dataSource.query(`INSERT INTO query_fan_out_requests (job_id, keyword, website, email, results) VALUES ($1, 'vitamins', 'https://x.example', $2, '{}')`, [job, email]);
    await ctx.dataSource.query(
      `INSERT INTO image_analyses (job_id, email, image_type, image_width, image_height, image_bytes, models, alt_text)
       VALUES ($1, $2, 'jpeg', 1200, 1200, 54321, '{"openai":{"product":"Vitamin tub","findings":["No dosage shown"]}}', 'A vitamin tub')`,
      [job, email],
    );
    await ctx.dataSource.query(
      `INSERT INTO crawler_log_analyses (job_id, email, file_name, lines, report, report_id) VALUES ($1, $2, 'access.log', 10, '{}', $3)`,
      [job, email, `report-${job}`],
    );
  }
  await ctx.dataSource.query(`INSERT INTO marketing_subscribers (email, source, consent_at) VALUES ('other@example.com', 'newsletter', now())`);
  // Tracked questions (the tools service's), each with one dated run.
  for (const [token, email] of [['manage-token-person-0001', PERSON], ['manage-token-other-00001', 'other@example.com']]) {
    const [tracked] = await ctx.dataSource.query<{ id: number }[]>(
      `INSERT INTO tracked_questions (report_id, query, email, cadence, status, manage_token) VALUES ('r', 'best vitamins', $1, 'weekly', 'active', $2) RETURNING id`,
      [email, token],
    );
    await ctx.dataSource.query(`INSERT INTO tracked_runs (tracked_question_id, slot, runs) VALUES ($1, now(), 3)`, [tracked!.id]);
  }
}

async function activity(admin: ReturnType<typeof asAdmin>): Promise<AdminActivityEntry[]> {
  return (await admin.get('/api/admin/activity').expect(200)).body as AdminActivityEntry[];
}

describe('lead inbox: status, note, bulk actions, export, erasure and the activity log', () => {
  const suite = {} as { ctx: ContentWithTools; admin: AdminClient };
  beforeAll(async () => {
    suite.ctx = await startContentWithTools('leadinbox');
    await withToolRecords(suite.ctx);
    suite.admin = asAdmin(suite.ctx, await adminCookie(suite.ctx));
  }, 60_000);
  afterAll(() => suite.ctx.close());

  const send = (message: string, email = PERSON) =>
    suite.ctx.http().post('/api/contact').send({ name: 'Lead Person', email, company: '=HYPERLINK("http://evil")', message }).expect(201);

  it('a lead is found by address, read in full, marked handled with a note, and every write is logged by session without the data', async () => {
    await send('We sell vitamins and want an audit.');
    const found = await suite.admin.get('/api/contact-messages?q=lead.person@example.com').expect(200);
    const [lead] = found.body as ContactMessage[];
    expect(lead).toEqual(expect.objectContaining({ email: PERSON, status: 'new', note: null, message: 'We sell vitamins and want an audit.' }));
    const full = (await suite.admin.get(`/api/admin/contact-messages/${lead!.id}`).expect(200)).body as ContactMessage;
    expect(full).toEqual(lead);

    const updated = (await suite.admin.patch(`/api/admin/contact-messages/${lead!.id}`, { status: 'handled', note: '  Called back on Monday  ' }).expect(200))
      .body as ContactMessage;
    expect(updated).toEqual(expect.objectContaining({ status: 'handled', note: 'Called back on Monday' }));
    expect(total(await suite.admin.get('/api/contact-messages?status=handled').expect(200))).toBe(1);

    const [entry] = await activity(suite.admin);
    expect(entry).toEqual(expect.objectContaining({ action: 'contact-message.update', summary: `Updated contact message #${lead!.id} (status handled and note)` }));
    expect(entry!.session).toMatch(/^[0-9a-f]{12}$/);
    expect(JSON.stringify(entry)).not.toMatch(/Called back|Lead Person|example\.com/i);

    const another = asAdmin(suite.ctx, await adminCookie(suite.ctx));
    await another.patch(`/api/admin/contact-messages/${lead!.id}`, { note: '' }).expect(200);
    const [second] = await activity(another);
    expect(second!.session).not.toBe(entry!.session);
  });

  it('refuses a bad status, a note that is not text, a missing message and writes without a session', async () => {
    const [lead] = (await suite.admin.get('/api/contact-messages?limit=1').expect(200)).body as ContactMessage[];
    await suite.admin.patch(`/api/admin/contact-messages/${lead!.id}`, { status: 'spam' }).expect(400);
    await suite.admin.patch(`/api/admin/contact-messages/${lead!.id}`, { note: 5 }).expect(400);
    await suite.admin.patch('/api/admin/contact-messages/999999', { status: 'handled' }).expect(404);
    await suite.ctx.http().patch(`/api/admin/contact-messages/${lead!.id}`).set('Origin', SITE_ORIGIN).send({ status: 'archived' }).expect(401);
    await suite.ctx.http().get(`/api/admin/contact-messages/${lead!.id}`).expect(401);
    await suite.ctx.http().post('/api/admin/erasures').set('Origin', SITE_ORIGIN).send({ email: PERSON }).expect(401);
  });

  it('bulk actions mark handled, archive and delete many messages in one step, each logged with its count', async () => {
    for (const n of [1, 2, 3]) await send(`Bulk message ${n}`, `bulk${n}@example.com`);
    const ids = ((await suite.admin.get('/api/contact-messages?q=Bulk%20message').expect(200)).body as ContactMessage[]).map((message) => message.id);
    expect(ids).toHaveLength(3);
    expect((await suite.admin.post('/api/admin/contact-messages/bulk', { action: 'archive', ids }).expect(200)).body).toEqual({ affected: 3 });
    expect(total(await suite.admin.get('/api/contact-messages?status=archived&q=Bulk').expect(200))).toBe(3);
    expect((await activity(suite.admin))[0]!.summary).toBe('Archived 3 contact messages');
    expect((await suite.admin.post('/api/admin/contact-messages/bulk', { action: 'delete', ids: [ids[0], 999999] }).expect(200)).body).toEqual({ affected: 1 });
    expect((await activity(suite.admin))[0]!.summary).toBe('Deleted 1 contact message');
    for (const bad of [{ action: 'explode', ids }, { action: 'archive', ids: [] }, { action: 'archive', ids: ['1'] }, { action: 'archive' }]) {
      await suite.admin.post('/api/admin/contact-messages/bulk', bad).expect(400);
    }
  });

  it('exports contact messages as formula-safe CSV, filtered like the list', async () => {
    const response = await suite.admin.get('/api/admin/contact-messages/export?q=lead.person').expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="contact-messages-\d{4}-\d{2}-\d{2}\.csv"/);
    // UTF-8 with its byte-order mark: Excel shows "£5k", not "Â£5k".
    expect(response.text.startsWith('\uFEFF')).toBe(true);
    const lines = response.text.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('"id","received_at","name","email","company","message","status","note","updated_at"');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"")"`);
  });

  it('erasure removes the contact messages, audits, fan-out requests, image analyses, crawler log analyses and subscriber row of an address, in any case, and logs counts only', async () => {
    await send('A second message from the same person.');
    const receipt = (await suite.admin.post('/api/admin/erasures', { email: 'LEAD.person@example.COM' }).expect(200)).body as ErasureReceipt;
    expect(receipt).toEqual({ contactMessages: 2, auditRecords: 2, fanOutRecords: 2, imageAnalyses: 2, crawlerLogAnalyses: 2, subscriber: true });
    const traces = await suite.ctx.dataSource.query<{ left: number }[]>(
      `SELECT (SELECT count(*) FROM contact_messages WHERE lower(email) = $1)::int
            + (SELECT count(*) FROM llm_queries WHERE lower(email) = $1)::int
            + (SELECT count(*) FROM query_fan_out_requests WHERE lower(email) = $1)::int
            + (SELECT count(*) FROM image_analyses WHERE lower(email) = $1)::int
            + (SELECT count(*) FROM crawler_log_analyses WHERE lower(email) = $1)::int
            + (SELECT count(*) FROM marketing_subscribers WHERE email = $1)::int
            + (SELECT count(*) FROM tracked_questions WHERE lower(email) = $1)::int AS left`,
      ['lead.person@example.com'],
    );
    expect(traces[0]!.left).toBe(0);
    const others = await suite.ctx.dataSource.query<{ n: number }[]>(
      `SELECT (SELECT count(*) FROM llm_queries WHERE email = $1)::int + (SELECT count(*) FROM image_analyses WHERE email = $1)::int
            + (SELECT count(*) FROM crawler_log_analyses WHERE email = $1)::int AS n`,
      ['other@example.com'],
    );
    expect(others[0]!.n).toBe(3);
    // The erased person's tracked question went with its runs; the other person's stays.
    expect(await suite.ctx.dataSource.query('SELECT email FROM tracked_questions')).toEqual([{ email: 'other@example.com' }]);
    expect(await suite.ctx.dataSource.query('SELECT count(*)::int AS n FROM tracked_runs')).toEqual([{ n: 1 }]);

    const [entry] = await activity(suite.admin);
    expect(entry).toEqual(
      expect.objectContaining({ action: 'person.erase', summary: "Erased a person's data: 2 contact messages, 2 audits, 2 fan-out requests, 2 image analyses, 2 crawler log analyses and their subscriber row" }),
    );
    const log = await suite.ctx.dataSource.query<object[]>('SELECT * FROM admin_activity');
    expect(JSON.stringify(log)).not.toMatch(/lead\.person|Lead Person/i);

    expect((await suite.admin.post('/api/admin/erasures', { email: PERSON }).expect(200)).body).toEqual({
      contactMessages: 0,
      auditRecords: 0,
      fanOutRecords: 0,
      imageAnalyses: 0,
      crawlerLogAnalyses: 0,
      subscriber: false,
    });
    await suite.admin.post('/api/admin/erasures', { email: 'not an address' }).expect(400);
  });

  it("unsubscribing from every email also stops the address's tracked questions", async () => {
    await suite.ctx.dataSource.query(`INSERT INTO marketing_subscribers (email, source, consent_at, status) VALUES ('tracker@example.com', 'ai-search-audit', now(), 'confirmed')`);
    await suite.ctx.dataSource.query(
      `INSERT INTO tracked_questions (report_id, query, email, cadence, status, manage_token) VALUES ('r2', 'best vitamins', 'tracker@example.com', 'weekly', 'active', 'manage-token-tracker-001')`,
    );
    const token = new UnsubscribeToken(suite.ctx.config.unsubscribeSecret).sign('tracker@example.com');
    await suite.ctx.http().post(`/api/newsletter/unsubscribe?email=tracker%40example.com&token=${token}`).set('Accept', 'application/json').expect(200);
    expect(await suite.ctx.dataSource.query(`SELECT status, status_reason FROM tracked_questions WHERE email = 'tracker@example.com'`)).toEqual([
      { status: 'stopped', status_reason: 'The visitor unsubscribed from all emails.' },
    ]);
  });

  it('erases nothing when the tools service cannot erase its part, says so, and logs the refusal', async () => {
    await send('Please forget me.', 'later.person@example.com');
    await suite.ctx.dataSource.query(`INSERT INTO llm_queries (job_id, query, email, model, response) VALUES ('late1', 'oat milk', 'later.person@example.com', 'gpt-4o', '{}')`);
    await suite.ctx.stopTools();

    const refused = await suite.admin.post('/api/admin/erasures', { email: 'later.person@example.com' }).expect(503);
    expect((refused.body as { message: string }).message).toMatch(/tools service did not answer, so nothing was erased/);
    const kept = await suite.ctx.dataSource.query<{ messages: number; audits: number; subscribers: number }[]>(
      `SELECT (SELECT count(*) FROM contact_messages WHERE email = $1)::int AS messages, (SELECT count(*) FROM llm_queries WHERE email = $1)::int AS audits,
              (SELECT count(*) FROM marketing_subscribers WHERE email = $1)::int AS subscribers`,
      ['later.person@example.com'],
    );
    expect(kept).toEqual([{ messages: 1, audits: 1, subscribers: 1 }]);
    const [entry] = await activity(suite.admin);
    expect(entry).toEqual(expect.objectContaining({ action: 'person.erase-refused', summary: 'Nothing erased: the tools service did not erase (503)' }));
  });
});

function total(response: { headers: Record<string, string> }): number {
  return Number(response.headers['x-total-count']);
}
