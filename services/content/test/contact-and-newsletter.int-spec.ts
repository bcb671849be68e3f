import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ContactMessage } from '@agency/shared';
import { recordMarketingSubscriber } from '@agency/server-kit';
import { UnsubscribeToken } from '../src/subscribers/unsubscribe-token.js';
import { adminCookie, type AdminClient, asAdmin, startContentApp, type TestContext } from './support/test-app.js';

interface SubscriberRow {
  email: string;
  source: string;
  consent_at: Date;
  unsubscribed_at: Date | null;
  status: string;
}

describe('contact messages and marketing subscribers', () => {
  let ctx: TestContext;
  let admin: AdminClient;
  let tokens: UnsubscribeToken;

  const subscriber = async (email: string): Promise<SubscriberRow | undefined> => {
    const rows: SubscriberRow[] = await ctx.dataSource.query('SELECT * FROM marketing_subscribers WHERE email = $1', [email]);
    return rows[0];
  };

  beforeAll(async () => {
    ctx = await startContentApp('contact');
    admin = asAdmin(ctx, await adminCookie(ctx));
    tokens = new UnsubscribeToken(ctx.config.unsubscribeSecret);
  });
  afterAll(() => ctx.close());

  it('stores a trimmed message before answering 201 and records the email as a subscriber from contact', async () => {
    const response = await ctx
      .http()
      .post('/api/contact')
      .send({ name: '  Ada Lovelace ', email: 'Ada@Example.com', company: '', message: ' Hello there ' })
      .expect(201);
    const { id } = response.body as { id: number };
    const rows: { name: string; company: string | null; message: string }[] = await ctx.dataSource.query(
      'SELECT name, company, message FROM contact_messages WHERE id = $1',
      [id],
    );
    expect(rows[0]).toEqual({ name: 'Ada Lovelace', company: null, message: 'Hello there' });
    expect(await subscriber('ada@example.com')).toMatchObject({ source: 'contact', unsubscribed_at: null });
  });

  it.each([
    [{ name: ' ', email: 'a@b.co', message: 'm' }, 'name is required.'],
    [{ name: 'n', email: 'not-an-email', message: 'm' }, 'email must be a valid email address'],
    [{ name: 'n', email: 'a@b.co', message: '   ' }, 'message is required.'],
    [{ name: 'n', email: 'a@b.co', message: 'x'.repeat(5001) }, 'message must be at most 5000 characters.'],
    [{ name: 'n', email: 'a@b.co', message: 'm', website: 'spam' }, 'Unknown field "website" is not allowed.'],
  ])('refuses %p with a 400 and stores nothing', async (body, message) => {
    const before: { count: string }[] = await ctx.dataSource.query('SELECT count(*) FROM contact_messages');
    const response = await ctx.http().post('/api/contact').send(body).expect(400);
    expect((response.body as { message: string }).message).toContain(message);
    const after: { count: string }[] = await ctx.dataSource.query('SELECT count(*) FROM contact_messages');
    expect(after[0]!.count).toBe(before[0]!.count);
  });

  it('lists messages newest first for the admin only', async () => {
    await ctx.http().post('/api/contact').send({ name: 'Later', email: 'later@example.com', message: 'Second' }).expect(201);
    const messages = (await admin.get('/api/contact-messages').expect(200)).body as ContactMessage[];
    expect(messages[0]!.name).toBe('Later');
    await ctx.http().get('/api/contact-messages').expect(401);
  });

  it('signs up for the newsletter idempotently', async () => {
    await ctx.http().post('/api/newsletter').send({ email: 'reader@example.com' }).expect(201, { subscribed: true });
    await ctx.http().post('/api/newsletter').send({ email: 'READER@example.com ' }).expect(201, { subscribed: true });
    const rows: unknown[] = await ctx.dataSource.query("SELECT 1 FROM marketing_subscribers WHERE email = 'reader@example.com'");
    expect(rows).toHaveLength(1);
    expect(await subscriber('reader@example.com')).toMatchObject({ source: 'newsletter' });
  });

  it('refuses a bad newsletter email with 400', async () => {
    const response = await ctx.http().post('/api/newsletter').send({ email: 'nope' }).expect(400);
    expect(response.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  });

  it('unsubscribes through a signed link, once, and shows a confirmation page first', async () => {
    const email = 'leaver@example.com';
    await ctx.http().post('/api/newsletter').send({ email }).expect(201);
    const query = { email, token: tokens.sign(email) };

    const page = await ctx.http().get('/api/newsletter/unsubscribe').query(query).expect(200).expect('Content-Type', /html/);
    expect(page.text).toContain('<form method="post"');
    expect((await subscriber(email))!.unsubscribed_at).toBeNull();

    await ctx.http().post('/api/newsletter/unsubscribe').query(query).set('Accept', 'application/json').expect(200, { unsubscribed: true });
    const first = (await subscriber(email))!.unsubscribed_at;
    expect(first).toBeInstanceOf(Date);

    const again = await ctx.http().post('/api/newsletter/unsubscribe').query(query).set('Accept', 'text/html').expect(200);
    expect(again.text).toContain('You are unsubscribed');
    expect((await subscriber(email))!.unsubscribed_at).toEqual(first);
  });

  it('refuses a forged unsubscribe token', async () => {
    const email = 'victim@example.com';
    await ctx.http().post('/api/newsletter').send({ email }).expect(201);
    await ctx.http().post('/api/newsletter/unsubscribe').query({ email, token: tokens.sign('other@example.com') }).expect(400);
    await ctx.http().post('/api/newsletter/unsubscribe').query({ email }).expect(400);
    expect((await subscriber(email))!.unsubscribed_at).toBeNull();
  });

  it('keeps an unsubscribe when the person later uses the contact form, but a newsletter sign-up renews consent', async () => {
    const email = 'changeable@example.com';
    await ctx.http().post('/api/newsletter').send({ email }).expect(201);
    await ctx.http().post('/api/newsletter/unsubscribe').query({ email, token: tokens.sign(email) }).expect(200);
    await ctx.http().post('/api/contact').send({ name: 'C', email, message: 'Hi' }).expect(201);
    expect((await subscriber(email))!.unsubscribed_at).not.toBeNull();
    await ctx.http().post('/api/newsletter').send({ email }).expect(201);
    // Renewed consent is confirmed by email again before it counts.
    expect(await subscriber(email)).toMatchObject({ unsubscribed_at: null, status: 'pending' });
  });

  it('does not make a form from a known address wait for another form from it that is still being stored', async () => {
    await ctx.http().post('/api/contact').send({ name: 'Busy', email: 'busy@example.com', message: 'first' }).expect(201);
    const first = ctx.dataSource.createQueryRunner();
    const second = ctx.dataSource.createQueryRunner();
    try {
      await first.startTransaction();
      await recordMarketingSubscriber(first, 'busy@example.com', 'ai-search-audit');
      // While the first transaction is open, the same address is recorded again without waiting for it.
      await second.query(`SET lock_timeout = '500ms'`);
      await recordMarketingSubscriber(second, 'busy@example.com', 'query-fan-out');
      await first.commitTransaction();
    } finally {
      await first.release();
      await second.release();
    }
    expect(await subscriber('busy@example.com')).toMatchObject({ source: 'contact', unsubscribed_at: null });
  });

  it('gives the admin each subscriber with a working unsubscribe link', async () => {
    const list = (await admin.get('/api/admin/subscribers').expect(200)).body as { email: string; unsubscribeUrl: string }[];
    const reader = list.find((row) => row.email === 'reader@example.com')!;
    const link = new URL(reader.unsubscribeUrl);
    expect(link.origin).toBe('http://localhost:8080');
    await ctx.http().post(`${link.pathname}${link.search}`).set('Accept', 'application/json').expect(200);
  });

  it('exports every confirmed subscriber as a CSV download for the admin only, with formulas neutralised', async () => {
    await ctx.http().post('/api/newsletter').send({ email: '=1+2@evil.example' }).expect(201);
    // As following the emailed link does (test/email-outbox.int-spec.ts follows it).
    await ctx.dataSource.query(`UPDATE marketing_subscribers SET status = 'confirmed' WHERE email = '=1+2@evil.example'`);
    await ctx.http().get('/api/admin/subscribers/export').expect(401);

    const response = await admin.get('/api/admin/subscribers/export').expect(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="subscribers-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.text.startsWith('\uFEFF')).toBe(true);
    const lines = response.text.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('"email","source","consent_at","status","unsubscribed_at","unsubscribe_url"');
    const listed = (await admin.get('/api/admin/subscribers').expect(200)).body as { status: string }[];
    expect(lines).toHaveLength(listed.filter((subscriber) => subscriber.status === 'confirmed').length + 1);
    expect(lines.find((line) => line.includes('evil.example'))).toMatch(/^"'=1\+2@evil\.example","newsletter","[^"]+","confirmed","","http:\/\/localhost:8080\/api\/newsletter\/unsubscribe\?/);
    // Pending and unsubscribed addresses are listed in the admin, never exported.
    expect(listed.some((subscriber) => subscriber.status !== 'confirmed')).toBe(true);
    expect(lines.find((line) => line.startsWith('"leaver@example.com"'))).toBeUndefined();
  });
});
