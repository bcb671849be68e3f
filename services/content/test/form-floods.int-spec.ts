import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { HONEYPOT_REFUSAL } from '@agency/shared';
import { startContentApp, type TestContext } from './support/test-app.js';

const CLIENT = '203.0.113.7';

describe('spam and floods on the contact and newsletter forms', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // The real defaults (test-app raises them for other suites); the gateway's X-Forwarded-For names the client.
    ctx = await startContentApp('floods', { CONTACT_RATE_LIMIT: '5', NEWSLETTER_RATE_LIMIT: '10', TRUST_PROXY: 'loopback' });
  });
  afterAll(() => ctx.close());

  const contact = (body: object, client = CLIENT) => ctx.http().post('/api/contact').set('X-Forwarded-For', client).send(body);
  const count = async (sql: string) => (await ctx.dataSource.query<{ n: number }[]>(sql))[0]!.n;

  it('1,000 contact posts from one client: only the allowance is stored, the rest are 429 with a sentence and Retry-After', async () => {
    const statuses: number[] = [];
    const messages: string[] = [];
    for (let batch = 0; batch < 20; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, index) => contact({ name: 'Flood', email: `flood${batch * 50 + index}@example.com`, message: `Buy now ${batch}-${index}` })),
      );
      for (const answer of answers) {
        statuses.push(answer.status);
        if (answer.status === 429) messages.push((answer.body as { message: string }).message);
        if (answer.status === 429) expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(995);
    expect(messages[0]).toMatch(/^You have used the contact form 5 times in the last 15 minutes\. Please try again in \d+ (minutes|seconds)\.$/);
    expect(await count(`SELECT count(*)::int AS n FROM contact_messages WHERE name = 'Flood'`)).toBe(5);
    expect(await count(`SELECT count(*)::int AS n FROM marketing_subscribers WHERE email LIKE 'flood%'`)).toBe(5);
    // Another client is not held back by the first one's flood.
    await contact({ name: 'Neighbour', email: 'n@example.com', message: 'Hello' }, '203.0.113.8').expect(201);
  }, 120_000);

  it('a filled-in honeypot is refused with 400 and a sentence, and nothing is stored', async () => {
    const response = await contact({ name: 'Bot', email: 'bot@example.com', message: 'Cheap pills', homepage: 'http://spam.example' }, '198.51.100.1').expect(400);
    expect((response.body as { message: string }).message).toBe(HONEYPOT_REFUSAL);
    const newsletter = await ctx.http().post('/api/newsletter').set('X-Forwarded-For', '198.51.100.1').send({ email: 'bot@example.com', homepage: 'x' }).expect(400);
    expect((newsletter.body as { message: string }).message).toBe(HONEYPOT_REFUSAL);
    expect(await count(`SELECT count(*)::int AS n FROM contact_messages WHERE email = 'bot@example.com'`)).toBe(0);
    expect(await count(`SELECT count(*)::int AS n FROM marketing_subscribers WHERE email = 'bot@example.com'`)).toBe(0);
    // An empty honeypot, as the page sends it, is fine.
    await contact({ name: 'Person', email: 'person@example.com', message: 'Real question', homepage: '' }, '198.51.100.1').expect(201);
  });

  it('the same message from the same address within the window is stored once, even sent at once; the repeat gets the first back', async () => {
    const body = { name: 'Twice', email: 'Twice@example.com', message: 'Please call me about Amazon ads.' };
    const answers = await Promise.all([contact(body, '198.51.100.2'), contact({ ...body, email: 'twice@EXAMPLE.com' }, '198.51.100.2'), contact(body, '198.51.100.2')]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((answer) => (answer.body as { id: number }).id)).size).toBe(1);
    await contact({ ...body, message: 'A different question.' }, '198.51.100.2').expect(201);
    expect(await count(`SELECT count(*)::int AS n FROM contact_messages WHERE lower(email) = 'twice@example.com'`)).toBe(2);
  });

  it('newsletter sign-ups past the allowance are 429 and store nothing', async () => {
    const answers = [];
    for (let n = 0; n < 12; n++) answers.push(await ctx.http().post('/api/newsletter').set('X-Forwarded-For', '198.51.100.3').send({ email: `news${n}@example.com` }));
    expect(answers.map((answer) => answer.status)).toEqual([...Array(10).fill(201), 429, 429]);
    expect((answers[10]!.body as { message: string }).message).toMatch(/^You have used the newsletter sign-up 10 times in the last 15 minutes\./);
    expect(await count(`SELECT count(*)::int AS n FROM marketing_subscribers WHERE email LIKE 'news%'`)).toBe(10);
  });
});
