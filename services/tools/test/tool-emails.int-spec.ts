import { describe, expect, it } from '@jest/globals';
import { rows, SITE_ORIGIN, useToolsHarness } from './support/tools-harness.js';

const STAFF = 'staff@agency.test';
const harness = useToolsHarness('tool-emails', {
  workers: 1,
  env: { AUDIT_RUNS: '1', STAFF_NOTIFY_EMAIL: STAFF, LEAD_WEBHOOK_URL: 'https://crm.example.com/hooks/leads' },
});

interface OutboxRow {
  kind: string;
  channel: string;
  to_address: string;
  person_email: string | null;
  payload: Record<string, unknown>;
  status: string;
}

const outbox = () => rows<OutboxRow>(harness(), 'SELECT kind, channel, to_address, person_email, payload, status FROM email_outbox ORDER BY id');

describe('what a stored tool run writes to the outbox', () => {
  it('an audit: the confirmation of the sign-up, the staff alert, the report email and the CRM webhook, with the record', async () => {
    const response = await harness()
      .http()
      .post('/api/llm-query')
      .set('Content-Type', 'application/json')
      .send({ query: 'best vegan protein powder UK', brand: 'Brightleaf', email: 'Shopper@Example.com' })
      .expect(200);
    const written = await outbox();
    // One statement writes them all, so their ids come in no particular order.
    expect(written.map((row) => [row.kind, row.to_address]).sort()).toEqual([
      ['audit-report', 'shopper@example.com'],
      ['lead.audit', 'https://crm.example.com/hooks/leads'],
      ['staff-tool-lead', STAFF],
      ['subscription-confirm', 'shopper@example.com'],
    ]);
    expect(written.every((row) => row.status === 'queued' && row.person_email === 'shopper@example.com')).toBe(true);
    const report = written.find((row) => row.kind === 'audit-report')!;
    expect(report.payload).toMatchObject({
      question: 'best vegan protein powder UK',
      brand: 'Brightleaf',
      answers: 4,
      reportUrl: `${SITE_ORIGIN}${response.body.reportUrl}`,
    });
    // Tool sign-ups are pending until the emailed link is followed.
    expect(await rows(harness(), 'SELECT status FROM marketing_subscribers')).toEqual([{ status: 'pending' }]);

    // The same address again: no second confirmation, the run's own emails only.
    await harness()
      .http()
      .post('/api/llm-query')
      .set('Content-Type', 'application/json')
      .send({ query: 'quiet dishwasher', email: 'shopper@example.com' })
      .expect(200);
    expect((await outbox()).map((row) => row.kind).filter((kind) => kind === 'subscription-confirm')).toHaveLength(1);
    expect(await outbox()).toHaveLength(7);
  });
});
