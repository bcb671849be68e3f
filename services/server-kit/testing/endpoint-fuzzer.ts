import { request as httpRequest } from 'node:http';
import fc from 'fast-check';
import { isStateChanging } from '../src/admin/admin-routes.js';
import { fuzzRequestArbitrary, type FuzzRequest } from './hostile-input.js';
import { FUZZ_REGRESSIONS, type FuzzRegression } from './fuzz-regressions.js';
import type { Route } from './route-table.js';

export interface FuzzAnswer {
  status: number;
  contentType: string;
  text: string;
}

export interface FuzzTarget {
  /** The service's name in the report. */
  name: string;
  /** Where the app listens, e.g. http://127.0.0.1:41234. */
  baseUrl: string;
  routes: Route[];
  /** A valid body for every POST and PUT route ("POST /api/contact"), which the cases mutate. */
  examples: Record<string, Record<string, unknown>>;
  /** Ids and slugs that exist now, so that some cases reach the real records. */
  validPathValues(): Promise<string[]>;
  /** Headers for a route: a session cookie and the site's Origin for admin routes, say. */
  headersFor(route: Route): Promise<Record<string, string>>;
  /** Everything a refused request must leave unchanged (stored rows, queued jobs), as one string. */
  snapshot(): Promise<string>;
  /** Server errors a route answers by design ("GET /api/health": [503] while a dependency is down). */
  expectedServerErrors?: Record<string, number[]>;
}

/** Cases per route (FUZZ_RUNS: 40 in `make test`, more in `make reliability`) and an optional FUZZ_SEED to replay a run. */
export const FUZZ_SETTINGS = {
  runsPerRoute: Number(process.env.FUZZ_RUNS ?? 40),
  seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined,
};

/** A test's time budget: up to 100 ms a case over about this many routes. */
export function fuzzTimeoutMs(routes: number): number {
  return 60_000 + FUZZ_SETTINGS.runsPerRoute * routes * 100;
}

export interface FuzzReport {
  service: string;
  /** The seed every route's run used. */
  seed: number;
  routes: number;
  cases: number;
  /** Cases of earlier failing runs (FUZZ_REGRESSIONS) replayed with their own seeds. */
  replayed: number;
  /** Answers by status code. */
  statuses: Record<string, number>;
  /** Cases the service accepted (2xx): the valid ones among the generated inputs. */
  accepted: number;
  /** Accepted cases that were writes (POST, PUT, DELETE): records stored, jobs run. */
  acceptedWrites: number;
}

export const routeKey = (route: Route): string => `${route.method} ${route.path}`;

/** Sends exactly what the case says: raw path, raw body, the Content-Type given or none. */
export function sendRaw(baseUrl: string, method: string, path: string, headers: Record<string, string>, body: string | null): Promise<FuzzAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing: Record<string, string | number> = { ...headers };
    if (body !== null) outgoing['content-length'] = Buffer.byteLength(body);
    // An address too long for the server is refused before the body is read: with a long one the
    // body waits for "100 Continue", so the refusal is read instead of a reset connection.
    const waitForContinue = body !== null && path.length > 8 * 1024;
    if (waitForContinue) outgoing.expect = '100-continue';
    const req = httpRequest(`${baseUrl}${path}`, { method, headers: outgoing }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), text: Buffer.concat(chunks).toString('utf8') });
        req.destroy();
      });
      res.on('error', reject);
    });
    req.setTimeout(30_000, () => req.destroy(new Error(`${method} ${path}: no answer within 30 s`)));
    req.on('error', reject);
    if (waitForContinue) req.once('continue', () => req.end(body));
    else req.end(body ?? undefined);
  });
}

/** What is wrong with an answer: a 5xx, or an error that is not the JSON error shape of docs/api.md; empty when nothing is. */
export function contractProblems(answer: FuzzAnswer, method: string, allowedServerErrors: number[] = []): string[] {
  const problems: string[] = [];
  if (answer.status >= 500 && !allowedServerErrors.includes(answer.status)) problems.push(`answered ${answer.status}`);
  if (answer.status < 400 || method === 'HEAD') return problems;
  if (!answer.contentType.startsWith('application/json')) return [...problems, `error answer is ${answer.contentType || 'untyped'}, not JSON`];
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return [...problems, 'error answer is not valid JSON'];
  }
  const { statusCode, message, error, ...rest } = (body ?? {}) as Record<string, unknown>;
  if (statusCode !== answer.status) problems.push(`statusCode ${String(statusCode)} differs from the status ${answer.status}`);
  if (typeof error !== 'string' || error.length === 0) problems.push('error is not a string');
  if (typeof message !== 'string' || message.trim().length === 0) problems.push('message is not a readable string');
  else if (message.length > 1000 || /\[object |(?<!")\bundefined\b(?!")|\n\s+at\s|Error:/.test(message)) problems.push(`message is not a readable sentence: ${message.slice(0, 200)}`);
  if (Object.keys(rest).length > 0) problems.push(`error answer has extra fields: ${Object.keys(rest).join(', ')}`);
  return problems;
}

/** The own property names of the built-in prototypes, to notice any pollution at once. */
export function prototypeFingerprint(): string {
  const probe = {} as Record<string, unknown>;
  return JSON.stringify([
    Object.getOwnPropertyNames(Object.prototype).sort(),
    Object.getOwnPropertyNames(Array.prototype).length,
    Object.getOwnPropertyNames(Function.prototype).sort(),
    probe.polluted ?? null,
    probe.isAdmin ?? null,
  ]);
}

function concretePath(route: Route, values: string[]): string {
  let index = 0;
  return route.path.replace(/:[A-Za-z]+/g, () => values[index++] ?? '1');
}

/** fast-check's own default: a new seed each run, printed in the report and with any failure. */
const drawSeed = (): number => Date.now() ^ (Math.random() * 0x100000000);

/** Sends nothing at all to a route that takes a body: every such route must refuse it, on every run. */
function noBodyCase(route: Route, validValues: string[]): FuzzRequest {
  const params = (route.path.match(/:[A-Za-z]+/g) ?? []).length;
  return { method: route.method, pathValues: Array.from({ length: params }, () => validValues[0] ?? '1'), query: '', contentType: null, body: null, label: 'no-body' };
}

/**
 * Fuzzes every route with fast-check: each case must get no 5xx, an error answer in the JSON
 * error shape (docs/api.md), no change to the stored state when refused, and no polluted prototype.
 * Every route's run uses the same seed (FUZZ_SEED, or one drawn for the run); earlier failures
 * (FUZZ_REGRESSIONS) are sent first, and their seeds run again on their routes, on every run.
 */
export async function fuzzEndpoints(target: FuzzTarget, regressions: readonly FuzzRegression[] = FUZZ_REGRESSIONS): Promise<FuzzReport> {
  const seed = FUZZ_SETTINGS.seed ?? drawSeed();
  const report: FuzzReport = { service: target.name, seed, routes: target.routes.length, cases: 0, replayed: 0, statuses: {}, accepted: 0, acceptedWrites: 0 };
  const baseline = prototypeFingerprint();
  let lastSnapshot = await target.snapshot();

  for (const route of target.routes) {
    const key = routeKey(route);
    const withBody = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH';
    const example = target.examples[key];
    if (withBody && !example) throw new Error(`${target.name}: no example body for ${key}; add one so its fields are fuzzed`);
    const params = (route.path.match(/:[A-Za-z]+/g) ?? []).length;
    const validValues = await target.validPathValues();
    const known = regressions.filter((regression) => regression.service === target.name && regression.route === key);
    let replaying = false;

    const property = fc.asyncProperty(fuzzRequestArbitrary({ method: route.method, params }, example, validValues), async (fuzz: FuzzRequest) => {
      const headers = await target.headersFor(route);
      if (fuzz.contentType !== null) headers['content-type'] = fuzz.contentType;
      const answer = await sendRaw(target.baseUrl, fuzz.method, `${concretePath(route, fuzz.pathValues)}${fuzz.query}`, headers, fuzz.body);
      if (replaying) report.replayed++;
      else report.cases++;
      report.statuses[answer.status] = (report.statuses[answer.status] ?? 0) + 1;
      if (answer.status >= 200 && answer.status < 300) {
        report.accepted++;
        if (isStateChanging(fuzz.method)) report.acceptedWrites++;
      }

      const problems = contractProblems(answer, fuzz.method, target.expectedServerErrors?.[key]);
      const after = await target.snapshot();
      if (answer.status >= 400 && after !== lastSnapshot) problems.push('a refused request changed the stored state');
      lastSnapshot = after;
      if (prototypeFingerprint() !== baseline) problems.push('Object.prototype was polluted');
      if (problems.length > 0) {
        throw new Error(`${key} [${fuzz.label}] ${problems.join('; ')}\nanswer ${answer.status}: ${answer.text.slice(0, 300)}`);
      }
    });

    replaying = true;
    for (const regression of known) {
      const details = await fc.check(property, { numRuns: FUZZ_SETTINGS.runsPerRoute, seed: regression.seed, endOnFailure: true });
      failOn(target.name, key, details, `an earlier failure's seed run again on its route (${regression.found})`);
    }
    replaying = false;
    const examples: [FuzzRequest][] = [...(withBody ? [noBodyCase(route, validValues)] : []), ...known.map((regression) => regression.request)].map((request) => [request]);
    const details = await fc.check(property, { numRuns: FUZZ_SETTINGS.runsPerRoute, seed, examples, endOnFailure: true });
    failOn(target.name, key, details, `replay the run: FUZZ_SEED=${seed}; keep the case: add it to FUZZ_REGRESSIONS in fuzz-regressions.ts`);
  }
  process.stdout.write(`${describeReport(report)}\n`);
  return report;
}

/** Throws a failed run as an error naming its seed, its case, and how to replay and keep it. */
function failOn(service: string, key: string, details: fc.RunDetails<[FuzzRequest]>, advice: string): void {
  if (!details.failed) return;
  const cause = details.errorInstance instanceof Error ? details.errorInstance.message : details.interrupted ? 'the run was interrupted' : 'no case was generated';
  const found = details.counterexample ? JSON.stringify(details.counterexample[0]) : 'none';
  throw new Error(
    `${service} fuzzing failed on ${key} with seed ${details.seed}, path "${String(details.counterexamplePath)}" (${advice})\n` +
      `case: ${found}\n${cause}`,
  );
}

/** One line for the test output (the figures in docs/security.md come from it). */
function describeReport(report: FuzzReport): string {
  const statuses = Object.entries(report.statuses)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');
  return `[fuzz] ${report.service} (seed ${report.seed}): ${report.cases} cases over ${report.routes} routes and ${report.replayed} replayed from earlier failures, ${report.accepted} accepted (${report.acceptedWrites} of them writes), 0 contract violations (${statuses})`;
}
