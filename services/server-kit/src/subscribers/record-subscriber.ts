import type { SubscriberSource } from '@agency/shared';

/** Anything that runs SQL: a TypeORM EntityManager or QueryRunner inside the caller's transaction. */
export interface SqlRunner {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
}

/** A tool form's sign-up (not the newsletter's): the first source is kept, an unsubscribe is respected. */
const FORM_SIGN_UP_SQL = (first: number): string =>
  `INSERT INTO marketing_subscribers (email, source, consent_at) VALUES ($${first}, $${first + 1}, now()) ON CONFLICT (email) DO NOTHING`;

/**
 * Stores a tool's record and its form's sign-up in one statement (so in one round trip and
 * atomically, as a single statement is): `recordSql` with `recordParameters` ($1…$n) runs as the
 * main INSERT, and the sign-up as a data-modifying WITH clause before it.
 */
export async function insertWithFormSignUp(
  db: SqlRunner,
  recordSql: string,
  recordParameters: unknown[],
  email: string,
  source: Exclude<SubscriberSource, 'newsletter'>,
): Promise<void> {
  await db.query(`WITH form_sign_up AS (${FORM_SIGN_UP_SQL(recordParameters.length + 1)}) ${recordSql}`, [
    ...recordParameters,
    email.toLowerCase(),
    source,
  ]);
}

/**
 * Records consent given through a form, in the caller's transaction (marketing_subscribers is
 * created by the content service's migrations). The first source is kept. An explicit newsletter
 * sign-up renews consent after an unsubscribe; other forms respect it, and so change nothing when
 * the address is known: DO NOTHING, because DO UPDATE locks the existing row even when its WHERE
 * excludes it, which made concurrent tool runs from one address wait for each other's commits.
 */
export async function recordMarketingSubscriber(db: SqlRunner, email: string, source: SubscriberSource): Promise<void> {
  if (source !== 'newsletter') {
    await db.query(FORM_SIGN_UP_SQL(1), [email.toLowerCase(), source]);
    return;
  }
  await db.query(
    `INSERT INTO marketing_subscribers (email, source, consent_at)
     VALUES ($1, $2, now())
     ON CONFLICT (email) DO UPDATE
       SET unsubscribed_at = NULL, consent_at = now()
       WHERE marketing_subscribers.unsubscribed_at IS NOT NULL`,
    [email.toLowerCase(), source],
  );
}
