import { SIM_PROVIDERS, type SimProvider } from './sim-config.js';

export interface ProviderStats {
  /** Requests that reached a provider route. */
  received: number;
  /** 200 answers sent, malformed ones included. */
  answered: number;
  /** Error statuses sent: injected faults and bad requests alike. */
  failed: number;
  /** Requests held open by the hang fault. */
  hung: number;
  /** Connections the client closed before an answer was sent: proof that its request was aborted. */
  clientAborted: number;
  /** Requests in flight right now (a gauge; reset leaves it alone). */
  open: number;
  /** Decoded bytes of inline image parts. */
  imageBytesReceived: number;
  /** Web searches the engine ran in the answers it sent. */
  searches: number;
  /** Gemini only: requests to its grounding redirect links (HEAD or GET). */
  groundingRedirects: number;
}

export type SimStats = Record<SimProvider, ProviderStats>;

function emptyProviderStats(): ProviderStats {
  return { received: 0, answered: 0, failed: 0, hung: 0, clientAborted: 0, open: 0, imageBytesReceived: 0, searches: 0, groundingRedirects: 0 };
}

export function emptySimStats(): SimStats {
  const stats = {} as SimStats;
  for (const provider of SIM_PROVIDERS) stats[provider] = emptyProviderStats();
  return stats;
}

/** Zeroes the counters but keeps each provider's open gauge. */
export function resetSimStats(stats: SimStats): void {
  for (const provider of SIM_PROVIDERS) {
    stats[provider] = { ...emptyProviderStats(), open: stats[provider].open };
  }
}

export function copySimStats(stats: SimStats): SimStats {
  const copy = {} as SimStats;
  for (const provider of SIM_PROVIDERS) copy[provider] = { ...stats[provider] };
  return copy;
}
