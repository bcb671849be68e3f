import { performance } from 'node:perf_hooks';

/** What one audit request got: an HTTP status, or how the connection failed. */
export interface AuditOutcome {
  query: string;
  status: number | 'refused' | 'reset' | 'failed';
  body: unknown;
  /** performance.now() when it was sent and how long it took. */
  sentAt: number;
  ms: number;
}

export async function postAudit(baseUrl: string, query: string, headers: Record<string, string> = {}): Promise<AuditOutcome> {
  const sentAt = performance.now();
  try {
    const response = await fetch(`${baseUrl}/api/llm-query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query, email: 'load@example.com' }),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // kept as text: a non-JSON answer is itself a finding
    }
    return { query, status: response.status, body, sentAt, ms: performance.now() - sentAt };
  } catch (error) {
    return { query, status: connectionFailure(error), body: String(error), sentAt, ms: performance.now() - sentAt };
  }
}

function connectionFailure(error: unknown): AuditOutcome['status'] {
  const code = (error as { cause?: { code?: string } }).cause?.code;
  if (code === 'ECONNREFUSED') return 'refused';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE') return 'reset';
  return 'failed';
}

/** Clients that each send one audit after another until stopped: a steady load. */
export function steadyAuditLoad(
  baseUrl: string | (() => string),
  clients: number,
  prefix: string,
): { outcomes: AuditOutcome[]; stop(): Promise<AuditOutcome[]> } {
  const outcomes: AuditOutcome[] = [];
  let running = true;
  let sequence = 0;
  const url = typeof baseUrl === 'string' ? () => baseUrl : baseUrl;
  const loops = Array.from({ length: clients }, async () => {
    while (running) {
      const outcome = await postAudit(url(), `${prefix} ${sequence++}`);
      outcomes.push(outcome);
      // A refused connection comes back at once: do not spin while nothing listens.
      if (typeof outcome.status !== 'number') await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  return {
    outcomes,
    stop: async () => {
      running = false;
      await Promise.all(loops);
      return outcomes;
    },
  };
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}
