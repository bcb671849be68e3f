import { HttpException, Inject, Injectable, ServiceUnavailableException } from '@nestjs/common';
import type { PersonToolRecords, ToolErasure, ToolLead } from '@agency/shared';
import { INTERNAL_TICKET_HEADER, issueInternalTicket } from '@agency/server-kit';
import type { Redis } from 'ioredis';
import { CONTENT_CONFIG, REDIS } from '../config/content-config.provider.js';
import type { ContentConfig } from '../config/content-config.js';

export const TOOLS_UNAVAILABLE = "The tools service did not answer, so this person's tool records cannot be shown. Please try again in a moment.";
export const TOOLS_ERASURE_UNAVAILABLE =
  'The tools service did not answer, so nothing was erased (neither its records nor this service’s). Please try again in a moment.';
const TOOLS_DEADLINE_MS = 5000;
/** Deleting a person's tool records may take longer than reading them (every tool's table, one transaction). */
const TOOLS_ERASURE_DEADLINE_MS = 15_000;

/**
 * The content service's only way to the tools' data: the tools service answers for its own
 * tables over the private network (TOOLS_INTERNAL_URL). Calls made for an admin carry the admin's
 * own session cookie, so the tools service checks the session itself; the hourly digest, which
 * no admin stands behind, carries a one-use ticket written to the shared Redis.
 */
@Injectable()
export class ToolsClient {
  constructor(
    @Inject(CONTENT_CONFIG) private readonly config: ContentConfig,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  /** The person view's tool records. */
  personRecords(email: string, cookie: string): Promise<PersonToolRecords> {
    return this.ask(`/api/admin/people/tool-records?${new URLSearchParams({ email }).toString()}`, { headers: { cookie } }, TOOLS_DEADLINE_MS, TOOLS_UNAVAILABLE);
  }

  /** Erases the person's tool records (all or none, on the tools side) and answers their counts. */
  erasePerson(email: string, cookie: string): Promise<ToolErasure> {
    return this.ask(
      '/api/admin/people/tool-records/erasure',
      // The admin guard wants a state-changing request to come from the site itself.
      { method: 'POST', headers: { cookie, origin: new URL(this.config.publicSiteUrl).origin, 'content-type': 'application/json' }, body: JSON.stringify({ email }) },
      TOOLS_ERASURE_DEADLINE_MS,
      TOOLS_ERASURE_UNAVAILABLE,
    );
  }

  /** Every tool's leads stored in [from, until), for the hourly digest. */
  async leads(from: Date, until: Date): Promise<ToolLead[]> {
    const ticket = await issueInternalTicket(this.redis);
    return this.ask(
      `/api/internal/tool-leads?${new URLSearchParams({ from: from.toISOString(), until: until.toISOString() }).toString()}`,
      { headers: { [INTERNAL_TICKET_HEADER]: ticket } },
      TOOLS_DEADLINE_MS,
      'The tools service did not answer with its leads.',
    );
  }

  /** A full unsubscribe stops the address's tracked questions, which the tools service keeps. */
  async stopTracking(email: string): Promise<void> {
    const ticket = await issueInternalTicket(this.redis);
    await this.ask(
      '/api/internal/tracking/unsubscribe',
      { method: 'POST', headers: { [INTERNAL_TICKET_HEADER]: ticket, 'content-type': 'application/json' }, body: JSON.stringify({ email }) },
      TOOLS_DEADLINE_MS,
      'The tools service did not stop the tracked questions.',
    );
  }

  private async ask<T>(path: string, init: RequestInit & { headers: Record<string, string> }, deadlineMs: number, unavailable: string): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${this.config.toolsUrl}${path}`, { ...init, headers: { accept: 'application/json', ...init.headers }, signal: AbortSignal.timeout(deadlineMs) });
    } catch {
      throw new ServiceUnavailableException(unavailable);
    }
    if (response.ok) return (await response.json()) as T;
    // The tools service's own refusal (an ended session, say) reaches the admin as it was given.
    if (response.status >= 400 && response.status < 500) {
      const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
      throw new HttpException(typeof body?.message === 'string' ? body.message : unavailable, response.status);
    }
    throw new ServiceUnavailableException(unavailable);
  }
}
