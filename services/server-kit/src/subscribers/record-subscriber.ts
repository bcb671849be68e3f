import type { SubscriberSource } from '@agency/shared';

/** Anything that runs SQL: a TypeORM EntityManager or QueryRunner inside the caller's transaction. */
export interface SqlRunner {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
}

/**
 * Records consent given through a form, in the caller's transaction (marketing_subscribers is
 * created by the content service's migrations). The first source is kept. An explicit newsletter
 * sign-up renews consent after an unsubscribe; other forms respect it, and leave an existing row
 * unlocked: DO UPDATE locks the row even when its WHERE is false, which would queue every
 * concurrent tool run by the same visitor behind each other's commits.
 */
export async function recordMarketingSubscriber(db: SqlRunner, email: string, source: SubscriberSource): Promise<void> {
  const onConflict =
    source === 'newsletter'
      ? `DO UPDATE SET unsubscribed_at = NULL, consent_at = now() WHERE marketing_subscribers.unsubscribed_at IS NOT NULL`
      : 'DO NOTHING';
  await db.query(
    `INSERT INTO marketing_subscribers (email, source, consent_at) VALUES ($1, $2, now()) ON CONFLICT (email) ${onConflict}`,
    [email.toLowerCase(), source],
  );
}
