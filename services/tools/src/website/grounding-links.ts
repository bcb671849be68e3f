import type { LinkResolver } from '../models/grounded-answer.js';
import type { TargetPolicy } from './address-policy.js';
import { effectivePort } from './address-policy.js';
import { GuardedHttpClient } from './guarded-http-client.js';

/** Google's grounding links: https://vertexaisearch.cloud.google.com/grounding-api-redirect/… */
export const GOOGLE_GROUNDING_HOST = 'vertexaisearch.cloud.google.com';
const REDIRECT_PATH = '/grounding-api-redirect/';
/** Links are resolved in parallel, each well inside the model deadline. */
const RESOLVE_TIMEOUT_MS = 3000;

export interface GroundingLinksOptions {
  userAgent: string;
  /** The site check's address policy: production refuses every private address. */
  policy: TargetPolicy;
  /**
   * The configured Gemini endpoint (GEMINI_BASE_URL; the model simulator in tests and demo mode),
   * whose own redirect links are followed too: the SDK already sends it the API key, so its
   * address is trusted as configured.
   */
  geminiBaseUrl?: string | undefined;
}

/**
 * Resolves Gemini's grounding redirect links to the cited pages through the SSRF-guarded client:
 * one HEAD to the link, its Location read, the page itself never requested. Only links on
 * Google's grounding host (or the configured Gemini endpoint) are followed; every other link
 * is returned as it is, and so is a link that cannot be followed.
 */
export class GroundingLinks implements LinkResolver {
  private readonly google: GuardedHttpClient;
  private readonly endpoint: { origin: string; redirectPath: string; client: GuardedHttpClient } | undefined;

  constructor(options: GroundingLinksOptions) {
    this.google = new GuardedHttpClient({ userAgent: options.userAgent, maxRedirects: 0, policy: options.policy });
    const base = options.geminiBaseUrl ? new URL(options.geminiBaseUrl) : undefined;
    this.endpoint = base && {
      origin: base.origin,
      redirectPath: `${base.pathname.replace(/\/+$/, '')}${REDIRECT_PATH}`,
      client: new GuardedHttpClient({
        userAgent: options.userAgent,
        maxRedirects: 0,
        policy: { allowPrivateAddresses: true, extraPorts: [effectivePort(base)] },
      }),
    };
  }

  async resolve(link: string, signal: AbortSignal): Promise<string> {
    const client = this.clientFor(link);
    if (!client) return link;
    const target = await client.redirectTarget(new URL(link), RESOLVE_TIMEOUT_MS, signal);
    return target?.href ?? link;
  }

  private clientFor(link: string): GuardedHttpClient | undefined {
    let url: URL;
    try {
      url = new URL(link);
    } catch {
      return undefined;
    }
    if (url.username !== '' || url.password !== '') return undefined;
    if (url.protocol === 'https:' && url.hostname === GOOGLE_GROUNDING_HOST && url.port === '' && url.pathname.startsWith(REDIRECT_PATH)) {
      return this.google;
    }
    // The endpoint mirrors Google's path under its own base path (the simulator's is /gemini).
    if (this.endpoint && url.origin === this.endpoint.origin && url.pathname.startsWith(this.endpoint.redirectPath)) return this.endpoint.client;
    return undefined;
  }
}
