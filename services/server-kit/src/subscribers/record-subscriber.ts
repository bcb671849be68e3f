import type { SubscriberSource } from '@agency/shared';

/** Anything that runs SQL: a TypeORM EntityManager or QueryRunner inside the caller's transaction. */
export interface SqlRunner {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
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
    await db.query(
      `INSERT INTO marketing_subscribers (email, source, consent_at) VALUES ($1, $2, now()) ON CONFLICT (email) DO NOTHING`,
      [email.toLowerCase(), source],
    );
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
