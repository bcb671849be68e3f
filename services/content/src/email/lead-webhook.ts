import { createHmac } from 'node:crypto';
import { GuardedHttpClient, PRODUCTION_POLICY } from '@agency/server-kit';

/** The receiver answered in a way that retrying will not change (a 4xx other than 408 and 429, or a refused address). */
export class WebhookRefused extends Error {
  override readonly name = 'WebhookRefused';
}

export const SIGNATURE_HEADER = 'X-Agency-Signature';
const TIMEOUT_MS = 10_000;

/**
 * The signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, the scheme Stripe
 * uses. The receiver recomputes it over the raw body and refuses an old timestamp (a replay).
 */
export function signWebhook(secret: string, body: string, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

const PRODUCTION_CLIENT = new GuardedHttpClient({ userAgent: 'AgencyLeadWebhook/1.0', maxRedirects: 0, policy: PRODUCTION_POLICY });

/**
 * POSTs one lead to the CRM through the SSRF-safe client. The body is fixed when the row is
 * written; the timestamp is the moment of sending, so each attempt is signed afresh.
 * `allowPrivateAddresses` is for tests, whose receiver listens on this machine.
 */
export async function deliverWebhook(
  row: { id: string; to_address: string; payload: Record<string, unknown> },
  secret: string,
  allowPrivateAddresses: boolean,
  now = Date.now(),
): Promise<void> {
  const body = JSON.stringify(row.payload);
  const url = new URL(row.to_address);
  const client = allowPrivateAddresses
    ? new GuardedHttpClient({ userAgent: 'AgencyLeadWebhook/1.0', maxRedirects: 0, policy: { allowPrivateAddresses: true, extraPorts: [Number(url.port)] } })
    : PRODUCTION_CLIENT;
  const answer = await client.post(
    url,
    body,
    {
      'content-type': 'application/json',
      [SIGNATURE_HEADER.toLowerCase()]: signWebhook(secret, body, Math.floor(now / 1000)),
      'x-agency-delivery': `outbox-${row.id}`,
    },
    TIMEOUT_MS,
  );
  if (!answer.ok) {
    if (answer.failure.kind === 'refused-target' || answer.failure.kind === 'refused-address') {
      throw new WebhookRefused(`The webhook address is not allowed (${answer.failure.kind}).`);
    }
    throw new Error(`The webhook receiver could not be reached (${answer.failure.kind}).`);
  }
  if (answer.status >= 200 && answer.status < 300) return;
  const message = `The webhook receiver answered ${answer.status}.`;
  if (answer.status >= 400 && answer.status < 500 && answer.status !== 408 && answer.status !== 429) throw new WebhookRefused(message);
  throw new Error(message);
}
