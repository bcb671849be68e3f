import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { setTimeout as sleep } from 'node:timers/promises';
import { startContentApp, type TestContext } from './support/test-app.js';
import { startThrowawayPostgres, type ThrowawayPostgres } from './support/throwaway-postgres.js';

const OUTAGE_MS = 5000;

interface Answer {
  what: string;
  status: number;
  body: Record<string, unknown>;
  sentAt: number;
  ms: number;
}

describe('Postgres stopped and started again', () => {
  let postgres: ThrowawayPostgres;
  let ctx: TestContext;

  beforeAll(async () => {
    postgres = await startThrowawayPostgres();
    ctx = await startContentApp('pgoutage', {}, postgres.adminUrl);
  }, 90_000);
  afterAll(async () => {
    await ctx?.close();
    await postgres?.destroy();
  }, 30_000);

  async function call(what: string, send: () => PromiseLike<{ status: number; body: unknown }>): Promise<Answer> {
    const sentAt = performance.now();
    const response = await send();
    return { what, status: response.status, body: response.body as Record<string, unknown>, sentAt, ms: performance.now() - sentAt };
  }

  it('answers reads and writes 503 while it is down, recovers by itself, and never loses a message acknowledged with 201', async () => {
    const writes: Answer[] = [];
    const probes: Answer[] = [];
    let writing = true;
    let sequence = 0;
    const writers = Array.from({ length: 2 }, async () => {
      while (writing) {
        const note = `outage note ${sequence++}`;
        writes.push(
          await call(note, () => ctx.http().post('/api/contact').send({ name: 'Outage Tester', email: 'outage@example.com', message: note })),
        );
        await sleep(25);
      }
    });

    await sleep(1000);
    await postgres.stop('immediate');
    const downAt = performance.now();
    while (performance.now() - downAt < OUTAGE_MS) {
      probes.push(
        ...(await Promise.all([
          call('public read', () => ctx.http().get('/api/blog-posts')),
          call('readiness', () => ctx.http().get('/health/ready')),
        ])),
      );
      await sleep(300);
    }
    // Writers may reach it before pg_ctl returns: "down" ends when the start begins.
    const startingAt = performance.now();
    await postgres.start();
    const upAt = performance.now();
    let recoveredAt = NaN;
    while (Number.isNaN(recoveredAt) && performance.now() - upAt < 20_000) {
      if ((await ctx.http().get('/api/blog-posts')).status === 200) recoveredAt = performance.now();
      else await sleep(100);
    }
    await sleep(1000);
    writing = false;
    await Promise.all(writers);

    // Nothing but 201 or a clean 503, before, during and after the outage.
    expect(writes.filter((write) => write.status !== 201 && write.status !== 503)).toEqual([]);
    for (const answer of [...writes, ...probes].filter((entry) => entry.status === 503)) {
      expect(answer.body).toMatchObject({ statusCode: 503, message: expect.any(String), error: 'Service Unavailable' });
    }
    // While it was down, reads and writes were refused quickly, and readiness said why.
    const whileDown = [...writes, ...probes].filter((entry) => entry.sentAt > downAt && entry.sentAt + entry.ms < startingAt);
    expect(whileDown.length).toBeGreaterThan(10);
    expect(whileDown.filter((entry) => entry.status !== 503)).toEqual([]);
    expect(Math.max(...whileDown.map((entry) => entry.ms))).toBeLessThan(2500);
    probes
      .filter((probe) => probe.what === 'readiness')
      .forEach((probe) => expect(probe.body).toMatchObject({ message: 'Not ready: postgres unavailable.' }));
    // It recovered without a restart, and writes succeed again.
    expect(recoveredAt - upAt).toBeLessThan(10_000);
    expect(writes.filter((write) => write.status === 201 && write.sentAt > recoveredAt).length).toBeGreaterThan(0);

    // Every acknowledged message is stored, exactly as sent, under the id it was acknowledged with.
    const acknowledged = writes.filter((write) => write.status === 201);
    const stored: { id: number; message: string }[] = await ctx.dataSource.query('SELECT id, message FROM contact_messages');
    const storedById = new Map(stored.map((row) => [row.id, row.message]));
    expect(acknowledged.filter((write) => storedById.get(write.body.id as number) !== write.what)).toEqual([]);
    console.log(
      `faults: Postgres down ${Math.round(startingAt - downAt)} ms (crash stop, then ${Math.round(upAt - startingAt)} ms of recovery): ${writes.length} contact writes, ${acknowledged.length} acknowledged with 201 and all stored, ` +
        `${writes.length - acknowledged.length} refused with 503; slowest answer while down ${Math.round(Math.max(...whileDown.map((entry) => entry.ms)))} ms; ` +
        `reads answered again ${Math.round(recoveredAt - upAt)} ms after the restart`,
    );
  }, 90_000);
});
