import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { adminCookie, asAdmin, startContentApp, type TestContext } from './support/test-app.js';
import { OutboxSender } from '../src/email/outbox-sender.js';
import { startContentWithTools } from './support/tools-api.js';
import { freePort, MailCatcher } from './support/mail-catcher.js';

const STAFF = 'staff@agency.test';

// Each test starts a service (and some a mail server) of its own.
jest.setTimeout(60_000);

interface OutboxRow {
  id: string;
  kind: string;
  status: string;
  attempts: number;
  error: string | null;
}

async function outbox(ctx: TestContext): Promise<OutboxRow[]> {
  return ctx.dataSource.query('SELECT id, kind, status, attempts, error FROM email_outbox ORDER BY id');
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const contact = { name: 'Ada Lovelace', email: 'ada@example.com', company: 'Engines Ltd', message: 'Can you help with our AI search?' };

describe('email through the outbox, with a real SMTP server', () => {
  let mail: MailCatcher;
  let ctx: TestContext | undefined;

  beforeAll(async () => {
    mail = await MailCatcher.start();
  });
  afterEach(async () => {
    await ctx?.close();
    ctx = undefined;
    await mail.clear();
  });
  afterAll(() => mail.stop());

  const start = async (env: Record<string, string> = {}): Promise<TestContext> => {
    ctx = await startContentApp('email', { SMTP_URL: mail.smtpUrl, STAFF_NOTIFY_EMAIL: STAFF, MAIL_FROM: 'Agency <hello@agency.test>', ...env });
    return ctx;
  };

  it('sends exactly one staff alert and one acknowledgement for a contact message', async () => {
    const app = await start();
    await app.http().post('/api/contact').send(contact).expect(201);
    const messages = await mail.waitFor(2);
    expect(messages).toHaveLength(2);
    const staff = messages.filter((message) => message.to[0]!.address === STAFF);
    const visitor = messages.filter((message) => message.to[0]!.address === contact.email);
    expect(staff.map((message) => message.subject)).toEqual(['New contact message from Ada Lovelace']);
    expect(staff[0]!.text).toContain('Can you help with our AI search?');
    expect(staff[0]!.text).toContain('/admin/people?email=ada%40example.com');
    expect(visitor.map((message) => message.subject)).toEqual(['We have your message']);
    // The contact form's sign-up is confirmed from the acknowledgement, not by a second email.
    expect(visitor[0]!.text).toContain('/api/newsletter/confirm?token=');
    expect((await outbox(app)).map((row) => row.status)).toEqual(['sent', 'sent']);
  });

  it("erasure removes the person's emails, the staff alerts about them and their webhook deliveries", async () => {
    const app = await startContentWithTools('email', { STAFF_NOTIFY_EMAIL: STAFF, LEAD_WEBHOOK_URL: 'https://crm.example.com/hooks', LEAD_WEBHOOK_SECRET: 'a-secret-of-sixteen-plus' });
    ctx = app;
    await app.http().post('/api/contact').send(contact).expect(201);
    await app.http().post('/api/contact').send({ ...contact, email: 'other@example.com' }).expect(201);
    expect(await outbox(app)).toHaveLength(6);
    const admin = asAdmin(app, await adminCookie(app));
    await admin.post('/api/admin/erasures', { email: 'ADA@example.com' }).expect(200);
    const left = await app.dataSource.query<{ person_email: string }[]>('SELECT DISTINCT person_email FROM email_outbox');
    expect(left).toEqual([{ person_email: 'other@example.com' }]);
  });

  it('with hourly staff alerts, sends one digest of the last hour instead of one email per lead', async () => {
    // The tools API answers the digest's tool leads from its own table.
    // The digest reads the contact messages here and the tool leads from the tools service, so a
    // sweep in the middle of the set-up below could see one without the other: the scheduled sweep
    // is an hour away, and the test asks for one sweep once the set-up is done.
    const app = await startContentWithTools('email', { SMTP_URL: mail.smtpUrl, STAFF_NOTIFY_EMAIL: STAFF, MAIL_FROM: 'Agency <hello@agency.test>', STAFF_ALERTS: 'hourly', EMAIL_SWEEP_SECONDS: '3600' });
    ctx = app;
    await app.http().post('/api/contact').send(contact).expect(201);
    await app.http().post('/api/contact').send({ ...contact, email: 'bo@example.com', message: 'And me.' }).expect(201);
    // Both arrived during the previous hour, as the digest sees them, and so did an audit (the tools service's record).
    await app.dataSource.transaction(async (manager) => {
      await manager.query(`UPDATE contact_messages SET created_at = date_trunc('hour', now()) - interval '10 minutes'`);
      await manager.query(
        `INSERT INTO llm_queries (job_id, query, email, model, response, created_at) VALUES ('d1', 'best oat milk', 'cy@example.com', 'gpt-4o', '{}', date_trunc('hour', now()) - interval '20 minutes')`,
      );
    });
    await app.app.get(OutboxSender).requestSweep();
    const messages = await mail.waitFor(3);
    const digests = messages.filter((message) => message.to[0]!.address === STAFF);
    expect(digests.map((message) => message.subject)).toEqual(['3 new leads in the last hour']);
    expect(digests[0]!.text).toContain('bo@example.com');
    expect(digests[0]!.text).toContain('AI Search Audit: cy@example.com');
    expect(digests[0]!.text).toContain('best oat milk');
    expect(messages.filter((message) => message.subject === 'We have your message')).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect((await mail.messages()).filter((message) => message.to[0]!.address === STAFF)).toHaveLength(1);
  });

  it('refuses a name that would add a header, and stores nothing', async () => {
    const app = await start();
    const response = await app
      .http()
      .post('/api/contact')
      .send({ ...contact, name: 'Ada\r\nBcc: everyone@example.com' })
      .expect(400);
    expect((response.body as { message: string }).message).toBe('name must be on one line, without control characters.');
    expect(await outbox(app)).toEqual([]);
  });

  it('double opt-in: the sign-up is pending and out of the export until the emailed link is followed', async () => {
    const app = await start();
    const admin = asAdmin(app, await adminCookie(app));
    await app.http().post('/api/newsletter').send({ email: 'reader@example.com' }).expect(201);
    const [confirmation] = await mail.waitFor(1);
    expect(confirmation!.subject).toBe('Please confirm your email address');
    const source = (await mail.source(confirmation!.id)).replace(/\r?\n[ \t]+/g, ' ');
    expect(source).toMatch(/^List-Unsubscribe: <http:\/\/localhost:8080\/api\/newsletter\/unsubscribe\?email=reader%40example\.com&token=[\w-]+>/m);
    expect(source).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);

    const listed = await admin.get('/api/admin/subscribers').expect(200);
    expect(listed.body).toEqual([expect.objectContaining({ email: 'reader@example.com', status: 'pending' })]);
    expect((await admin.get('/api/admin/subscribers/export').expect(200)).text).not.toContain('reader@example.com');

    const link = /http:\/\/localhost:8080(\/api\/newsletter\/confirm\?token=[\w%-]+)/.exec(confirmation!.text)![1]!;
    const page = await app.http().get(link).expect(200);
    expect(page.text).toContain('Thank you, you are subscribed');
    expect((await admin.get('/api/admin/subscribers/export').expect(200)).text).toContain('"reader@example.com","newsletter"');
    // A link works once.
    await app.http().get(link).expect(404);
  });

  it('removes a sign-up still unconfirmed after 7 days', async () => {
    const app = await start({ EMAIL_SWEEP_SECONDS: '1' });
    await app.http().post('/api/newsletter').send({ email: 'late@example.com' }).expect(201);
    await app.dataSource.query(`UPDATE marketing_subscribers SET consent_at = now() - interval '8 days'`);
    await until(
      () => app.dataSource.query('SELECT 1 FROM marketing_subscribers'),
      (rows: unknown[]) => rows.length === 0,
    );
  });

  it('sends no more than the per-recipient limit to one address in an hour', async () => {
    const app = await start({ EMAIL_RECIPIENT_HOURLY_LIMIT: '3' });
    for (let i = 0; i < 6; i++) await app.http().post('/api/newsletter').send({ email: 'target@example.com' }).expect(201);
    expect(await outbox(app)).toHaveLength(3);
  });

  it('delivers, once, an email committed while no sender ran (a crash between commit and send)', async () => {
    const writer = await startContentApp('email', { STAFF_NOTIFY_EMAIL: STAFF });
    ctx = writer;
    await writer.http().post('/api/contact').send(contact).expect(201);
    expect((await outbox(writer)).map((row) => row.status)).toEqual(['queued', 'queued']);
    // The enqueue is lost with the process (its Redis jobs are gone); the next sender to start sweeps the outbox.
    await writer.redis.flushdb();
    const { createContentApp } = await import('../src/http-app.js');
    const { loadContentConfig } = await import('../src/config/content-config.js');
    const sender = await createContentApp(
      loadContentConfig({ ...envOf(writer), DATABASE_URL: writer.config.databaseUrl, SMTP_URL: mail.smtpUrl, STAFF_NOTIFY_EMAIL: STAFF }),
    );
    await sender.init();
    try {
      expect(await mail.waitFor(2)).toHaveLength(2);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(await mail.messages()).toHaveLength(2);
      expect((await outbox(writer)).map((row) => row.status)).toEqual(['sent', 'sent']);
    } finally {
      await sender.close();
    }
  });

  it('marks an email the SMTP server refuses for good (a 5xx) failed, without retrying it', async () => {
    const strict = await MailCatcher.start(undefined, ['--incoming-user', 'agency', '--incoming-pass', 'right-password']);
    try {
      const app = await start({ SMTP_URL: strict.smtpUrl, EMAIL_RETRY_DELAY_MS: '100', EMAIL_SWEEP_SECONDS: '1' });
      await app.http().post('/api/newsletter').send({ email: 'bounce@example.com' }).expect(201);
      const [row] = await until(
        () => outbox(app),
        (rows) => rows[0]!.status !== 'queued',
      );
      expect(row).toMatchObject({ status: 'failed', attempts: 1 });
      expect(row!.error).toMatch(/^Bounced: .*5\d\d/);
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect((await outbox(app))[0]).toMatchObject({ status: 'failed', attempts: 1 });
    } finally {
      await strict.stop();
    }
  });

  it('keeps emails while SMTP is down and sends them when it is back', async () => {
    const port = await freePort();
    const app = await start({ SMTP_URL: `smtp://127.0.0.1:${port}`, EMAIL_RETRY_DELAY_MS: '100', EMAIL_SWEEP_SECONDS: '1' });
    await app.http().post('/api/newsletter').send({ email: 'patient@example.com' }).expect(201);
    const [waiting] = await until(
      () => outbox(app),
      (rows) => rows[0]!.attempts > 0,
    );
    expect(waiting).toMatchObject({ status: 'queued' });
    expect(waiting!.error).toMatch(/ECONNREFUSED|connect/i);
    // Back, sooner than the row's own wait: the admin's retry sends it now.
    const back = await MailCatcher.start(port);
    try {
      const admin = asAdmin(app, await adminCookie(app));
      await admin.post(`/api/admin/emails/${waiting!.id}/retry`, {}).expect(202);
      const [arrived] = await back.waitFor(1);
      expect(arrived!.to[0]!.address).toBe('patient@example.com');
      expect(await outbox(app)).toEqual([expect.objectContaining({ status: 'sent', error: null })]);
    } finally {
      await back.stop();
    }
  });
});

/** The environment a test app was started with, so a second process can share its database and secrets. */
function envOf(app: TestContext): Record<string, string> {
  return {
    NODE_ENV: 'test',
    REDIS_URL: app.config.redisUrl,
    PUBLIC_SITE_URL: app.config.publicSiteUrl,
    ADMIN_PASSWORD: 'correct horse battery staple',
    UNSUBSCRIBE_SECRET: app.config.unsubscribeSecret,
    TOOLS_INTERNAL_URL: 'http://127.0.0.1:9',
    MEDIA_DIR: app.config.mediaDir,
  };
}

/** The recipe in docs/api.md ("Lead webhook"), written out as a receiver would. */
function verify(secret: string, header: string, rawBody: string, nowSeconds: number): boolean {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=') as [string, string]));
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${parts.t}.${rawBody}`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

describe('the CRM webhook', () => {
  const secret = 'webhook-secret-of-the-test-receiver';
  let receiver: Server;
  let url: string;
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  let answer = 200;
  let ctx: TestContext;

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.statusCode = answer;
        res.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/leads`;
    ctx = await startContentApp('webhook', {
      SMTP_URL: 'smtp://127.0.0.1:9',
      LEAD_WEBHOOK_URL: url,
      LEAD_WEBHOOK_SECRET: secret,
      EMAIL_RETRY_DELAY_MS: '100',
    });
  });
  afterAll(async () => {
    await ctx.close();
    await new Promise((resolve) => receiver.close(resolve));
  });

  it('posts each new lead, signed, and the signature verifies with the documented recipe', async () => {
    await ctx.http().post('/api/contact').send(contact).expect(201);
    const [delivery] = await until(
      () => Promise.resolve(received),
      (list) => list.length > 0,
    );
    const header = delivery!.headers['x-agency-signature'] as string;
    const now = Math.floor(Date.now() / 1000);
    expect(verify(secret, header, delivery!.body, now)).toBe(true);
    expect(JSON.parse(delivery!.body)).toMatchObject({ type: 'lead.contact', email: 'ada@example.com', lead: { message: contact.message } });
    // An altered body, a replay ten minutes later and another secret all fail.
    expect(verify(secret, header, delivery!.body.replace('Ada', 'Eve'), now)).toBe(false);
    expect(verify(secret, header, delivery!.body, now + 600)).toBe(false);
    expect(verify('another-secret-entirely', header, delivery!.body, now)).toBe(false);
    const rows = await until(
      () => ctx.dataSource.query(`SELECT status FROM email_outbox WHERE channel = 'webhook'`),
      (list: { status: string }[]) => list[0]?.status === 'sent',
    );
    expect(rows).toEqual([{ status: 'sent' }]);
  });

  it('retries a receiver that fails, then marks a refusal failed without retrying it forever', async () => {
    received.length = 0;
    answer = 503;
    await ctx.http().post('/api/contact').send({ ...contact, message: 'second lead' }).expect(201);
    await until(
      () => Promise.resolve(received),
      (list) => list.length >= 2,
    );
    answer = 410;
    const [row] = await until(
      () => ctx.dataSource.query(`SELECT status, error FROM email_outbox WHERE channel = 'webhook' AND payload->'lead'->>'message' = 'second lead'`),
      (list: { status: string }[]) => list[0]?.status === 'failed',
    );
    expect(row).toEqual({ status: 'failed', error: 'The webhook receiver answered 410.' });
  });
});
