import type { SubscriberSource } from '@agency/shared';
import { newConfirmationToken, type OutboxEntry, outboxInsert } from '../email/outbox.js';

/** Anything that runs SQL: a TypeORM EntityManager or QueryRunner inside the caller's transaction. */
export interface SqlRunner {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
}

export const CONFIRMATION_SUBJECT = 'Please confirm your email address';

/** The confirmation email of a sign-up (double opt-in): it carries the token the link needs. */
export function confirmationEmail(email: string, token: string, source: SubscriberSource): OutboxEntry {
  return {
    key: `subscription-confirm:${token}`,
    kind: 'subscription-confirm',
    to: email.toLowerCase(),
    subject: CONFIRMATION_SUBJECT,
    personEmail: email,
    payload: { token, source },
    limited: true,
  };
}

/**
 * A tool form's sign-up (not the newsletter's): a new address starts pending until it follows the
 * confirmation link; the first source is kept and an unsubscribe is respected.
 */
const FORM_SIGN_UP_SQL = (first: number): string =>
  `INSERT INTO marketing_subscribers (email, source, consent_at, status, confirmation_token_hash)
   VALUES ($${first}, $${first + 1}, now(), 'pending', $${first + 2}) ON CONFLICT (email) DO NOTHING RETURNING id`;

/**
 * Stores a tool's record, its form's sign-up, the sign-up's confirmation email and the record's
 * own outbox rows in one statement (so in one round trip and atomically, as a single statement
 * is): `recordSql` with `recordParameters` ($1…$n) runs as the main INSERT, the rest as
 * data-modifying WITH clauses before it. The confirmation is written only for a new sign-up.
 */
export async function insertWithFormSignUp(
  db: SqlRunner,
  recordSql: string,
  recordParameters: unknown[],
  email: string,
  source: Exclude<SubscriberSource, 'newsletter'>,
  outbox: { entries: readonly OutboxEntry[]; recipientHourlyLimit: number } = { entries: [], recipientHourlyLimit: 5 },
): Promise<void> {
  const confirmation = newConfirmationToken();
  const parameters = [...recordParameters, email.toLowerCase(), source, confirmation.hash];
  const clauses = [`form_sign_up AS (${FORM_SIGN_UP_SQL(recordParameters.length + 1)})`];
  const entries: [OutboxEntry, string | undefined][] = [
    [confirmationEmail(email, confirmation.token, source), 'EXISTS (SELECT 1 FROM form_sign_up)'],
    ...outbox.entries.map((entry): [OutboxEntry, undefined] => [entry, undefined]),
  ];
  entries.forEach(([entry, onlyWhen], index) => {
    const statement = outboxInsert(entry, parameters.length + 1, outbox.recipientHourlyLimit, onlyWhen);
    clauses.push(`outbox_${index} AS (${statement.sql})`);
    parameters.push(...statement.parameters);
  });
  await db.query(`WITH ${clauses.join(', ')} ${recordSql}`, parameters);
}

/**
 * Records a sign-up in the caller's transaction (marketing_subscribers is created by the content
 * service's migrations) and answers the confirmation token to email, or null when none is due.
 * A form's sign-up changes nothing when the address is known (DO NOTHING, because DO UPDATE locks
 * the existing row even when its WHERE excludes it, which made concurrent tool runs from one
 * address wait for each other's commits). An explicit newsletter sign-up starts a new
 * confirmation for an address that unsubscribed or has not confirmed yet.
 */
export async function recordMarketingSubscriber(db: SqlRunner, email: string, source: SubscriberSource): Promise<string | null> {
  const confirmation = newConfirmationToken();
  if (source !== 'newsletter') {
    const rows = (await db.query(FORM_SIGN_UP_SQL(1), [email.toLowerCase(), source, confirmation.hash])) as unknown[];
    return rows.length > 0 ? confirmation.token : null;
  }
  const rows = (await db.query(
    `INSERT INTO marketing_subscribers (email, source, consent_at, status, confirmation_token_hash)
     VALUES ($1, $2, now(), 'pending', $3)
     ON CONFLICT (email) DO UPDATE
       SET unsubscribed_at = NULL, consent_at = now(), status = 'pending', confirmation_token_hash = EXCLUDED.confirmation_token_hash
       WHERE marketing_subscribers.status <> 'confirmed'
     RETURNING id`,
    [email.toLowerCase(), source, confirmation.hash],
  )) as unknown[];
  return rows.length > 0 ? confirmation.token : null;
}
