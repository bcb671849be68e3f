import { createHash, randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

/** The header a service's call to another service carries its ticket in. */
export const INTERNAL_TICKET_HEADER = 'x-internal-ticket';

const KEY_PREFIX = 'internal-ticket:';
const TICKET_SECONDS = 30;

const keyOf = (ticket: string): string => `${KEY_PREFIX}${createHash('sha256').update(ticket).digest('hex')}`;

/**
 * A one-use ticket for a call between the services that no admin session stands behind (the
 * hourly digest's read of the tool leads): written to the Redis both services share, as the
 * admin sessions are, so a caller proves it can write there; only its hash is stored, and it
 * lapses in 30 s. No secret to configure, and none in the environment to leak.
 */
export async function issueInternalTicket(redis: Redis): Promise<string> {
  const ticket = randomBytes(32).toString('base64url');
  await redis.set(keyOf(ticket), '1', 'EX', TICKET_SECONDS);
  return ticket;
}

/** True once for an issued ticket that has not lapsed; the ticket is spent either way. */
export async function redeemInternalTicket(redis: Redis, ticket: unknown): Promise<boolean> {
  if (typeof ticket !== 'string' || ticket.length === 0 || ticket.length > 100) return false;
  return (await redis.del(keyOf(ticket))) === 1;
}
