import { createHash, randomBytes } from 'node:crypto';
import type { EnvReader } from '../config/env-reader.js';
import type { SqlRunner } from '../subscribers/record-subscriber.js';

/** The BullMQ queue the outbox sender works from. */
export const OUTBOX_QUEUE = 'email-outbox';

export type StaffAlertMode = 'instant' | 'hourly';

/** What both services need to know to write outbox rows (only the sender needs SMTP and the webhook secret). */
export interface OutboxSettings {
  staffNotifyEmail: string | null;
  staffAlerts: StaffAlertMode;
  leadWebhookUrl: string | null;
  /** Emails one visitor address may be sent per hour, whatever asks for them. */
  recipientHourlyLimit: number;
}

export function readOutboxSettings(reader: EnvReader): OutboxSettings {
  const staffAlerts = reader.optionalString('STAFF_ALERTS') ?? 'instant';
  reader.require(staffAlerts === 'instant' || staffAlerts === 'hourly', 'STAFF_ALERTS must be "instant" or "hourly"');
  const staffNotifyEmail = reader.optionalString('STAFF_NOTIFY_EMAIL') ?? null;
  reader.require(staffNotifyEmail === null || isSafeHeaderValue(staffNotifyEmail), 'STAFF_NOTIFY_EMAIL must be one address on one line');
  const webhook = reader.optionalString('LEAD_WEBHOOK_URL');
  return {
    staffNotifyEmail,
    staffAlerts: staffAlerts === 'hourly' ? 'hourly' : 'instant',
    leadWebhookUrl: webhook ? reader.url('LEAD_WEBHOOK_URL', webhook, ['http:', 'https:']) : null,
    recipientHourlyLimit: reader.integer('EMAIL_RECIPIENT_HOURLY_LIMIT', 5, { min: 1, max: 1000 }),
  };
}

/** A line break or other control character in a header value would let text add headers of its own. */
export function isSafeHeaderValue(value: string): boolean {
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (code < 0x20 || code === 0x7f || code === 0x2028 || code === 0x2029) return false;
  }
  return true;
}

export interface OutboxEntry {
  /** Unique per email: writing the same key twice stores one row. */
  key: string;
  kind: string;
  channel?: 'email' | 'webhook';
  to: string;
  subject: string;
  /** The person the message is about (erasure removes it with their other records). */
  personEmail: string | null;
  payload: Record<string, unknown>;
  /** Visitor emails count against the per-recipient limit; staff alerts and webhooks do not. */
  limited: boolean;
}

export interface OutboxStatement {
  sql: string;
  parameters: unknown[];
}

/**
 * One INSERT of an outbox row, numbered from `$first`, usable alone or as a WITH clause.
 * `onlyWhen` is extra SQL that must hold (for example that a sign-up row was just inserted).
 */
export function outboxInsert(entry: OutboxEntry, first: number, recipientHourlyLimit: number, onlyWhen?: string): OutboxStatement {
  if (!isSafeHeaderValue(entry.to) || !isSafeHeaderValue(entry.subject)) throw new Error('Refused an email header holding a line break.');
  const p = (offset: number): string => `$${first + offset}`;
  const conditions: string[] = [];
  if (entry.limited) {
    conditions.push(
      `(SELECT count(*) FROM email_outbox WHERE lower(to_address) = lower(${p(3)}::text) AND created_at > now() - interval '1 hour') < ${p(7)}::int`,
    );
  }
  if (onlyWhen) conditions.push(onlyWhen);
  const sql = `INSERT INTO email_outbox (idempotency_key, kind, channel, to_address, subject, person_email, payload)
    SELECT ${p(0)}::text, ${p(1)}::text, ${p(2)}::text, ${p(3)}::text, ${p(4)}::text, ${p(5)}::text, ${p(6)}::jsonb
    ${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''}
    ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`;
  return {
    sql,
    parameters: [
      entry.key,
      entry.kind,
      entry.channel ?? 'email',
      entry.to,
      entry.subject,
      entry.personEmail?.toLowerCase() ?? null,
      JSON.stringify(entry.payload),
      ...(entry.limited ? [recipientHourlyLimit] : []),
    ],
  };
}

/** Writes outbox rows in the caller's transaction; answers the ids of the rows stored. */
export async function writeOutbox(db: SqlRunner, entries: readonly OutboxEntry[], recipientHourlyLimit: number): Promise<number[]> {
  const ids: number[] = [];
  for (const entry of entries) {
    const statement = outboxInsert(entry, 1, recipientHourlyLimit);
    const rows = (await db.query(statement.sql, statement.parameters)) as { id: string }[];
    ids.push(...rows.map((row) => Number(row.id)));
  }
  return ids;
}

/** A confirmation link's token: the email carries the token, the database only its hash. */
export function newConfirmationToken(): { token: string; hash: string } {
  const token = randomBytes(24).toString('base64url');
  return { token, hash: confirmationTokenHash(token) };
}

export function confirmationTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A lead for the CRM: the webhook's body is fixed here, signed when it is sent. */
export function leadWebhook(url: string, key: string, kind: string, email: string, lead: Record<string, unknown>): OutboxEntry {
  return {
    key: `webhook:${key}`,
    kind: `lead.${kind}`,
    channel: 'webhook',
    to: url,
    subject: `Lead: ${kind}`,
    personEmail: email,
    payload: { type: `lead.${kind}`, id: key, email: email.toLowerCase(), lead },
    limited: false,
  };
}
