import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { anthropicProtocol } from './protocols/anthropic-protocol.js';
import { geminiProtocol, groundingRedirectTarget } from './protocols/gemini-protocol.js';
import { modelList } from './simulated-models.js';
import { openAiProtocol } from './protocols/openai-protocol.js';
import { perplexityProtocol } from './protocols/perplexity-protocol.js';
import type { ParsedModelRequest, ProviderProtocol, SimReply } from './protocols/provider-protocol.js';
import { responsesProtocol } from './protocols/responses-protocol.js';
import {
  effectiveFaults,
  parseSimConfig,
  PROVIDER_LABELS,
  SIM_PROVIDERS,
  SimConfigError,
  type ProviderFaults,
  type SimConfig,
  type SimProvider,
} from './sim-config.js';
import { copySimStats, emptySimStats, resetSimStats, type SimStats } from './sim-stats.js';
import { SIM_AUDIT_VARIANTS, SimPromptError, simulatedAnswer, type SimAnswer } from './simulated-answers.js';
import { cutOffSearch, limitSearches, searchAnswerText, simulatedSearch, withoutSources, type SimulatedSearch } from './simulated-search.js';

/** Base64 of a 10 MB image plus the JSON around it, with room to spare. */
const MAX_MODEL_BODY_BYTES = 32 * 1024 * 1024;
const MAX_CONTROL_BODY_BYTES = 64 * 1024;
/** Arrival times kept per provider: enough to see how retries are spaced. */
const MAX_ARRIVALS = 1000;

const RESPONSES_PROTOCOLS = { openai: responsesProtocol('openai'), xai: responsesProtocol('xai') };
/** Whose error shape a request to an unknown path under a provider's prefix gets. */
const ERROR_SHAPES: Record<SimProvider, ProviderProtocol> = { openai: openAiProtocol, xai: openAiProtocol, anthropic: anthropicProtocol, gemini: geminiProtocol, perplexity: openAiProtocol };
const GROUNDING_REDIRECT = /^\/gemini\/grounding-api-redirect\/([A-Za-z0-9_-]+)$/;

export interface ModelSimulatorOptions {
  /** 0 picks a free port. Default 0. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** The start-up fault config; reset() returns to it. */
  config?: SimConfig;
}

/** The exact strings to hand each SDK as its base URL. */
export interface SimBaseUrls {
  /** `new OpenAI({ baseURL })` */
  openai: string;
  /** `new Anthropic({ baseURL })` */
  anthropic: string;
  /** `new GoogleGenAI({ apiKey, httpOptions: { baseUrl } })` */
  gemini: string;
  /** `new OpenAI({ baseURL })` for Grok */
  xai: string;
  /** `new OpenAI({ baseURL })` for Perplexity's Sonar API */
  perplexity: string;
}

export interface RunningModelSimulator {
  url: string;
  port: number;
  baseUrls: SimBaseUrls;
  /** Replaces the fault config (validated; throws SimConfigError) and restarts failTimes counts. */
  setConfig(config: SimConfig): void;
  config(): SimConfig;
  /** Back to the start-up config, counters zeroed. */
  reset(): void;
  stats(): SimStats;
  /** When each provider's recent requests arrived (epoch ms, oldest first, the last 1000); reset clears them. */
  arrivals(): Record<SimProvider, number[]>;
  /** The JSON body of the provider's last well-formed request, as its SDK sent it; reset clears it. */
  lastRequest(provider: SimProvider): unknown;
  /** The JSON bodies of the provider's recent well-formed requests (the last 50, oldest first); reset clears them. */
  recentRequests(provider: SimProvider): unknown[];
  /** Stops listening and destroys every connection, hung ones included. */
  close(): Promise<void>;
}

interface ProviderRoute {
  provider: SimProvider;
  /** Undefined when the path is under the provider's prefix but names no simulated endpoint. */
  protocol: ProviderProtocol | undefined;
  pathModel?: string;
}

function matchProviderRoute(pathname: string): ProviderRoute | undefined {
  const prefix = /^\/(openai|xai|anthropic|gemini|perplexity)(?=\/|$)(.*)$/.exec(pathname);
  if (!prefix) return undefined;
  const provider = prefix[1] as SimProvider;
  const rest = prefix[2] ?? '';
  switch (provider) {
    case 'openai':
    case 'xai':
      if (rest === '/v1/chat/completions') return { provider, protocol: openAiProtocol };
      return { provider, protocol: rest === '/v1/responses' ? RESPONSES_PROTOCOLS[provider] : undefined };
    case 'anthropic':
      return { provider, protocol: rest === '/v1/messages' ? anthropicProtocol : undefined };
    case 'perplexity':
      // Sonar's OpenAI-compatible endpoint has no /v1 (its base URL is https://api.perplexity.ai).
      return { provider, protocol: rest === '/chat/completions' ? perplexityProtocol : undefined };
    case 'gemini': {
      const gemini = /^\/[^/]+\/models\/([\w.-]+):generateContent$/.exec(rest);
      return gemini ? { provider, protocol: geminiProtocol, pathModel: gemini[1] } : { provider, protocol: undefined };
    }
  }
}

/** The provider whose models list the path asks for: `/v1/models` (OpenAI, xAI, Anthropic) or `/{version}/models` (Gemini). */
function matchModelsRoute(pathname: string): SimProvider | undefined {
  const match = /^\/(openai|xai|anthropic)\/v1\/models$|^\/(gemini)\/[^/]+\/models$/.exec(pathname);
  return (match?.[1] ?? match?.[2]) as SimProvider | undefined;
}

function readApiKey(req: IncomingMessage, url: URL): string | undefined {
  const bearer = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1]?.trim();
  const candidates = [bearer, req.headers['x-api-key'], req.headers['x-goog-api-key'], url.searchParams.get('key')];
  for (const candidate of candidates) {
    const value = Array.isArray(candidate) ? candidate[0] : candidate;
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return undefined;
}

class BodyTooLargeError extends Error {}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        chunks.length = 0;
        reject(new BodyTooLargeError(`Request body is larger than ${limit} bytes`));
      } else {
        chunks.push(chunk);
      }
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
    req.on('close', () => {
      if (!req.complete) reject(new Error('The client closed the connection while sending the request'));
    });
  });
}

function sendJson(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  if (res.destroyed || res.writableEnded) return;
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    ...headers,
  });
  res.end(body);
}

function controlError(res: ServerResponse, status: number, message: string, error: string): void {
  sendJson(res, status, JSON.stringify({ statusCode: status, message, error }));
}

function parseJsonBody(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw new SimPromptError('The request body is not valid JSON');
  }
}

/** A strict prefix of a JSON object never parses. */
function breakJson(text: string): string {
  return text.slice(0, Math.max(1, Math.floor(text.length / 2)));
}

function faultMessage(provider: SimProvider, status: number): string {
  const label = PROVIDER_LABELS[provider];
  return status === 429
    ? `Simulated rate limit for ${label}: too many requests (fault injected by the model simulator).`
    : `Simulated ${status} error from ${label} (fault injected by the model simulator).`;
}

class ModelSimulator {
  private config: SimConfig;
  private failuresLeft = {} as Record<SimProvider, number | undefined>;
  private readonly counters: SimStats = emptySimStats();
  private arrivalTimes = emptyArrivals();
  private lastBodies: Partial<Record<SimProvider, unknown>> = {};
  private recentBodies: Partial<Record<SimProvider, unknown[]>> = {};
  /** Audit asks so far per engine and question: the next one gets variant (count mod SIM_AUDIT_VARIANTS). */
  private auditAsks = new Map<string, number>();
  private readonly pendingTimers = new Set<NodeJS.Timeout>();
  private closing = false;

  constructor(private readonly startConfig: SimConfig) {
    this.config = startConfig;
    this.setConfig(startConfig);
  }

  setConfig(input: SimConfig): void {
    const config = parseSimConfig(input);
    this.config = config;
    for (const provider of SIM_PROVIDERS) this.failuresLeft[provider] = effectiveFaults(config, provider).failTimes;
  }

  currentConfig(): SimConfig {
    return structuredClone(this.config);
  }

  reset(): void {
    this.setConfig(this.startConfig);
    resetSimStats(this.counters);
    this.arrivalTimes = emptyArrivals();
    this.lastBodies = {};
    this.recentBodies = {};
    this.auditAsks.clear();
  }

  lastRequest(provider: SimProvider): unknown {
    return structuredClone(this.lastBodies[provider]);
  }

  recentRequests(provider: SimProvider): unknown[] {
    return structuredClone(this.recentBodies[provider] ?? []);
  }

  stats(): SimStats {
    return copySimStats(this.counters);
  }

  arrivals(): Record<SimProvider, number[]> {
    return structuredClone(this.arrivalTimes);
  }

  beginClose(): void {
    this.closing = true;
    for (const timer of this.pendingTimers) clearTimeout(timer);
    this.pendingTimers.clear();
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://model-sim');
    const redirect = GROUNDING_REDIRECT.exec(url.pathname);
    if (redirect) return this.handleGroundingRedirect(req, res, redirect[1] ?? '');
    const models = matchModelsRoute(url.pathname);
    if (models && req.method === 'GET') return this.handleModelList(req, res, url, models);
    const route = matchProviderRoute(url.pathname);
    if (route) return this.handleModelRequest(req, res, url, route);
    return this.handleControl(req, res, url);
  }

  private async handleControl(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const key = `${req.method ?? ''} ${url.pathname}`;
    switch (key) {
      case 'GET /__sim/health':
        return sendJson(res, 200, JSON.stringify({ status: 'ok' }));
      case 'GET /__sim/stats':
        return sendJson(res, 200, JSON.stringify(this.stats()));
      case 'GET /__sim/arrivals':
        return sendJson(res, 200, JSON.stringify(this.arrivalTimes));
      case 'GET /__sim/config':
        return sendJson(res, 200, JSON.stringify(this.config));
      case 'POST /__sim/reset':
        this.reset();
        return sendJson(res, 200, JSON.stringify(this.config));
      case 'PUT /__sim/config': {
        let body: unknown;
        try {
          body = JSON.parse((await readBody(req, MAX_CONTROL_BODY_BYTES)).toString('utf8'));
        } catch (error) {
          const message = error instanceof BodyTooLargeError ? error.message : 'The config must be a JSON object';
          return controlError(res, 400, message, 'Bad Request');
        }
        try {
          this.setConfig(body as SimConfig);
        } catch (error) {
          if (error instanceof SimConfigError) return controlError(res, 400, error.message, 'Bad Request');
          throw error;
        }
        return sendJson(res, 200, JSON.stringify(this.config));
      }
      default:
        return controlError(res, 404, `No simulator route for ${req.method ?? ''} ${url.pathname}`, 'Not Found');
    }
  }

  /** Each provider's list of the models it offers, in its own shape. */
  private handleModelList(req: IncomingMessage, res: ServerResponse, url: URL, provider: SimProvider): void {
    req.resume();
    if (!readApiKey(req, url)) {
      const body = ERROR_SHAPES[provider].errorBody(401, `No API key provided. Send one (any non-empty value) to the simulated ${PROVIDER_LABELS[provider]} API.`);
      return sendJson(res, 401, JSON.stringify(body));
    }
    sendJson(res, 200, JSON.stringify(modelList(provider)));
  }

  /**
   * Gemini's grounding links lead through Google to the page; these lead through the simulator.
   * The answer is the redirect alone, with no body worth reading.
   */
  private handleGroundingRedirect(req: IncomingMessage, res: ServerResponse, token: string): void {
    this.counters.gemini.groundingRedirects++;
    req.resume();
    if (req.method !== 'GET' && req.method !== 'HEAD') return controlError(res, 405, 'Use GET or HEAD for a grounding redirect', 'Method Not Allowed');
    const target = groundingRedirectTarget(token);
    if (target === undefined) return controlError(res, 404, 'No grounding link has this token', 'Not Found');
    res.writeHead(302, { location: target, 'content-length': 0 });
    res.end();
  }

  private async handleModelRequest(req: IncomingMessage, res: ServerResponse, url: URL, route: ProviderRoute): Promise<void> {
    const arrivedAt = performance.now();
    const { provider } = route;
    const protocol = route.protocol ?? ERROR_SHAPES[provider];
    this.counters[provider].received++;
    this.counters[provider].open++;
    const arrivals = this.arrivalTimes[provider];
    arrivals.push(Date.now());
    if (arrivals.length > MAX_ARRIVALS) arrivals.shift();
    res.on('close', () => {
      this.counters[provider].open--;
      if (!res.writableFinished && !this.closing) this.counters[provider].clientAborted++;
    });

    const requestId = randomUUID().replace(/-/g, '').slice(0, 24);
    const sendError = (status: number, message: string, headers: Record<string, string> = {}): void => {
      if (res.destroyed) return;
      this.counters[provider].failed++;
      sendJson(res, status, JSON.stringify(protocol.errorBody(status, message)), {
        'x-request-id': requestId,
        'request-id': requestId,
        ...headers,
      });
    };

    let raw: Buffer;
    try {
      raw = await readBody(req, MAX_MODEL_BODY_BYTES);
    } catch (error) {
      if (error instanceof BodyTooLargeError) sendError(413, error.message, { connection: 'close' });
      return;
    }
    if (!route.protocol) return sendError(404, `The model simulator has no ${PROVIDER_LABELS[provider]} endpoint at ${url.pathname}`);
    if (req.method !== 'POST') return sendError(405, `Use POST for ${url.pathname}`);
    if (!readApiKey(req, url)) {
      return sendError(401, `No API key provided. Send one (any non-empty value) to the simulated ${PROVIDER_LABELS[provider]} API.`);
    }

    let parsed: ParsedModelRequest;
    let answer: SimAnswer;
    try {
      const body = parseJsonBody(raw);
      if (provider === 'xai' && typeof body === 'object' && body !== null && 'search_parameters' in body) {
        return sendError(410, 'Live Search (search_parameters) is gone: use the web_search tool of the Responses API.');
      }
      parsed = protocol.parseRequest(body, route.pathModel);
      this.lastBodies[provider] = body;
      const recent = (this.recentBodies[provider] ??= []);
      recent.push(body);
      if (recent.length > 50) recent.shift();
      for (const image of parsed.prompt.images) this.counters[provider].imageBytesReceived += image.bytes.byteLength;
      answer = simulatedAnswer(provider, parsed.prompt);
    } catch (error) {
      if (error instanceof SimPromptError) return sendError(400, error.message);
      throw error;
    }

    const faults = effectiveFaults(this.config, provider);
    if (faults.hang) {
      this.counters[provider].hung++;
      return;
    }
    const failStatus = this.takeFailure(provider, faults);
    // Built now so that the timer only writes: hundreds of answers come due in the same instant.
    let reply: () => void;
    if (failStatus !== undefined) {
      const headers: Record<string, string> = {};
      if (faults.retryAfterSeconds !== undefined) headers['retry-after'] = String(faults.retryAfterSeconds);
      const message = faultMessage(provider, failStatus);
      reply = () => sendError(failStatus, message, headers);
    } else {
      // Only an answer that is sent takes the question's next variant (failed and hung asks do not).
      if (answer.task === 'audit') answer = simulatedAnswer(provider, parsed.prompt, this.nextAuditVariant(provider, parsed.prompt.userText, parsed.continuation === true, parsed.webSearch !== undefined));
      const found = this.searchFor(provider, parsed, answer, faults, answer.variant ?? 0);
      const ending = found ? faults.ending : undefined;
      const search = found && ending === 'cut-off' ? cutOffSearch(found) : found;
      // A failed search leaves the engine its answer from memory.
      const answerText = search && ending !== 'search-error' ? searchAnswerText(search) : answer.text;
      const breakEnvelope = faults.malformed === true && (answer.task === 'audit' || parsed.forcedTool !== undefined);
      const simReply: SimReply = {
        text: faults.malformed === true && !breakEnvelope ? breakJson(answerText) : answerText,
        ...(search ? { search } : {}),
        ...(search && faults.searchFault === 'malformed-tool' ? { malformedTool: true } : {}),
        ...(ending ? { ending } : {}),
        origin: `http://${req.headers.host ?? `127.0.0.1:${req.socket.localPort ?? 0}`}`,
      };
      const json = JSON.stringify(protocol.answerBody(parsed, simReply, requestId));
      const body = breakEnvelope ? breakJson(json) : json;
      reply = () => {
        if (res.destroyed) return;
        this.counters[provider].answered++;
        if (ending !== 'search-error') this.counters[provider].searches += search?.queries.length ?? 0;
        sendJson(res, 200, body, { 'x-request-id': requestId, 'request-id': requestId });
      };
    }

    const latency = (faults.latencyMs ?? 0) + Math.random() * (faults.jitterMs ?? 0);
    const delay = latency - (performance.now() - arrivedAt);
    if (delay <= 0) return reply();
    const timer = setTimeout(() => {
      this.pendingTimers.delete(timer);
      reply();
    }, delay);
    this.pendingTimers.add(timer);
    res.on('close', () => {
      clearTimeout(timer);
      this.pendingTimers.delete(timer);
    });
  }

  /**
   * The searches and citations of an audit question asked with the web-search tool, shaped by
   * the provider's search fault; undefined when the engine answers from memory.
   */
  private searchFor(provider: SimProvider, parsed: ParsedModelRequest, answer: SimAnswer, faults: ProviderFaults, variant: number): SimulatedSearch | undefined {
    if (answer.task !== 'audit' || !parsed.webSearch || faults.searchFault === 'no-search') return undefined;
    const search = limitSearches(simulatedSearch(provider, parsed.prompt.userText, { citedSite: this.config.citedSite, variant }), parsed.webSearch.maxSearches);
    return faults.searchFault === 'no-sources' ? withoutSources(search) : search;
  }

  /**
   * A continued (paused) turn carries on with the answer it paused, so it takes no new variant.
   * Questions with web search and without it (the audit's search-off ask) are counted apart, so
   * that asking from memory does not shift which answer a search gets.
   */
  private nextAuditVariant(provider: SimProvider, query: string, continuation: boolean, searched: boolean): number {
    const key = `${provider}\u0000${searched ? 'search' : 'plain'}\u0000${query.trim()}`;
    const asked = this.auditAsks.get(key) ?? 0;
    if (continuation && asked > 0) return (asked - 1) % SIM_AUDIT_VARIANTS;
    // Bounded: a long-running demo forgets the oldest questions.
    if (this.auditAsks.size >= 10_000 && !this.auditAsks.has(key)) this.auditAsks.delete(this.auditAsks.keys().next().value!);
    this.auditAsks.set(key, asked + 1);
    return asked % SIM_AUDIT_VARIANTS;
  }

  /** The error status this request must get, consuming one of the remaining failTimes. */
  private takeFailure(provider: SimProvider, faults: ProviderFaults): number | undefined {
    if (faults.status === undefined) return undefined;
    const left = this.failuresLeft[provider];
    if (left === undefined) return faults.status;
    if (left <= 0) return undefined;
    this.failuresLeft[provider] = left - 1;
    return faults.status;
  }
}

function emptyArrivals(): Record<SimProvider, number[]> {
  const arrivals = {} as Record<SimProvider, number[]>;
  for (const provider of SIM_PROVIDERS) arrivals[provider] = [];
  return arrivals;
}

function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

export async function startModelSimulator(options: ModelSimulatorOptions = {}): Promise<RunningModelSimulator> {
  const host = options.host ?? '127.0.0.1';
  const simulator = new ModelSimulator(options.config ?? {});
  const server: Server = createServer((req, res) => {
    simulator.handle(req, res).catch((error: unknown) => {
      console.error('model-sim: unexpected error', error);
      if (res.headersSent) res.destroy();
      else controlError(res, 500, 'The model simulator failed unexpectedly', 'Internal Server Error');
    });
  });
  // Long keep-alive so benchmark clients reuse sockets; no request timeout so a hang lasts until the client gives up.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.requestTimeout = 0;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${urlHost(host)}:${port}`;
  let closed: Promise<void> | undefined;

  return {
    url,
    port,
    baseUrls: {
      openai: `${url}/openai/v1`,
      anthropic: `${url}/anthropic`,
      gemini: `${url}/gemini`,
      xai: `${url}/xai/v1`,
      perplexity: `${url}/perplexity`,
    },
    setConfig: (config) => simulator.setConfig(config),
    config: () => simulator.currentConfig(),
    reset: () => simulator.reset(),
    stats: () => simulator.stats(),
    arrivals: () => simulator.arrivals(),
    lastRequest: (provider) => simulator.lastRequest(provider),
    recentRequests: (provider) => simulator.recentRequests(provider),
    close: () => {
      closed ??= new Promise<void>((resolve) => {
        simulator.beginClose();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closed;
    },
  };
}
