import { randomBytes } from 'node:crypto';
import { isStateChanging } from '../src/admin/admin-routes.js';
import { contractProblems, routeKey, sendRaw, type FuzzAnswer } from './endpoint-fuzzer.js';
import type { Route } from './route-table.js';

export interface AdminAttackTarget {
  baseUrl: string;
  /** The site's own origin (PUBLIC_SITE_URL). */
  siteOrigin: string;
  /** Name of the session cookie ("admin_session", or "__Host-admin_session" over HTTPS). */
  cookieName: string;
  /** Every route that needs a session, read from the router. */
  routes: Route[];
  /** A fresh, valid session id. */
  signIn(): Promise<string>;
  /** Ends a session the way the admin's Logout button does. */
  signOut(sessionId: string): Promise<void>;
  /** Stored state that a refused request must leave unchanged. */
  snapshot(): Promise<string>;
  /** A body for each state-changing route, valid apart from the attack itself. */
  bodyFor(route: Route): unknown;
}

export interface AttackOutcome {
  route: string;
  attack: string;
  status: number;
  problems: string[];
}

interface Attack {
  name: string;
  /** Only for routes that change state (cross-origin writes). */
  writesOnly?: boolean;
  /** Statuses that count as refused for this attack. */
  refusedWith: number[];
  prepare(route: Route, path: string): Promise<{ path: string; headers: Record<string, string> }>;
}

const forgedId = (): string => randomBytes(32).toString('base64url');

function concrete(route: Route): string {
  return route.path.replace(/:[A-Za-z]+/g, '1');
}

/** Spellings of an admin path that a lax router or guard might treat differently. */
export function pathSpellings(path: string): string[] {
  const afterApi = path.replace(/^\/api\//, '');
  return [
    path.toUpperCase(),
    `${path}/`,
    `/${path}`,
    path.replace('/api/', '/api//'),
    path.replace('/api/', '/api/./'),
    path.replace('/api/', '/api/x/../'),
    `/api/${afterApi.replace(/^admin/, '%61dmin')}`,
    `/api/${afterApi.replace(/\//g, '%2F')}`,
    `${path};jsessionid=1`,
    `${path}%00`,
    `${path}?admin=true`,
    `${path}#fragment`,
  ];
}

/**
 * Runs the admin attack matrix on every admin route: no session, forged and tampered cookies,
 * a cookie replayed after logout, session ids outside the cookie, other spellings of the path, and
 * (for writes) requests from another site. Each must be refused with a JSON error (docs/api.md), never 2xx,
 * and a refused write must leave the stored state as it was.
 */
export async function runAdminAttacks(target: AdminAttackTarget): Promise<AttackOutcome[]> {
  const site = { origin: target.siteOrigin };
  const cookie = (value: string) => ({ cookie: `${target.cookieName}=${value}` });
  const loggedOut = await target.signIn();
  await target.signOut(loggedOut);

  const attacks: Attack[] = [
    { name: 'no session', refusedWith: [401], prepare: (_route, path) => Promise.resolve({ path, headers: { ...site } }) },
    { name: 'forged session id', refusedWith: [401], prepare: (_route, path) => Promise.resolve({ path, headers: { ...site, ...cookie(forgedId()) } }) },
    {
      name: 'tampered session id (one character changed)',
      refusedWith: [401],
      prepare: async (_route, path) => {
        const valid = await target.signIn();
        const tampered = `${valid.slice(0, 10)}${valid[10] === 'A' ? 'B' : 'A'}${valid.slice(11)}`;
        return { path, headers: { ...site, ...cookie(tampered) } };
      },
    },
    { name: 'malformed cookie', refusedWith: [401], prepare: (_route, path) => Promise.resolve({ path, headers: { ...site, ...cookie(`../../${'%00'.repeat(3)}${'x'.repeat(4000)}`) } }) },
    { name: 'cookie replayed after logout', refusedWith: [401], prepare: (_route, path) => Promise.resolve({ path, headers: { ...site, ...cookie(loggedOut) } }) },
    {
      name: 'valid session id in a query parameter or Authorization header',
      refusedWith: [401],
      prepare: async (_route, path) => {
        const valid = await target.signIn();
        return { path: `${path}?${target.cookieName}=${valid}&session=${valid}`, headers: { ...site, authorization: `Bearer ${valid}`, 'x-session-id': valid } };
      },
    },
    {
      name: 'session cookie under another name',
      refusedWith: [401],
      prepare: async (_route, path) => ({ path, headers: { ...site, cookie: `session=${await target.signIn()}; ${target.cookieName}x=${await target.signIn()}` } }),
    },
    ...[
      ['Origin of another site', { origin: 'https://evil.example' }],
      ['Origin null (sandboxed frame)', { origin: 'null' }],
      ['Origin of a look-alike host', { origin: `${target.siteOrigin}.evil.example` }],
      ['Referer of another site, no Origin', { referer: 'https://evil.example/page' }],
      ['neither Origin nor Referer', {}],
      ['Sec-Fetch-Site cross-site with the right Origin', { origin: target.siteOrigin, 'sec-fetch-site': 'cross-site' }],
      ['Sec-Fetch-Site same-site (a sibling subdomain)', { origin: target.siteOrigin, 'sec-fetch-site': 'same-site' }],
    ].map(
      ([name, headers]): Attack => ({
        name: `cross-origin write: ${name as string}`,
        writesOnly: true,
        refusedWith: [403],
        prepare: async (_route, path) => ({ path, headers: { ...(headers as Record<string, string>), ...cookie(await target.signIn()) } }),
      }),
    ),
  ];

  const outcomes: AttackOutcome[] = [];
  for (const route of target.routes) {
    const body = isStateChanging(route.method) ? JSON.stringify(target.bodyFor(route) ?? {}) : null;
    for (const attack of attacks) {
      if (attack.writesOnly && !isStateChanging(route.method)) continue;
      const before = await target.snapshot();
      const { path, headers } = await attack.prepare(route, concrete(route));
      const answer = await sendRaw(target.baseUrl, route.method, path, { ...headers, ...(body === null ? {} : { 'content-type': 'application/json' }) }, body);
      outcomes.push(judge(routeKey(route), attack.name, answer, route.method, attack.refusedWith, before, await target.snapshot()));
    }
    for (const spelling of pathSpellings(concrete(route))) {
      const before = await target.snapshot();
      const answer = await sendRaw(target.baseUrl, route.method, spelling, { ...site, ...(body === null ? {} : { 'content-type': 'application/json' }) }, body);
      outcomes.push(judge(routeKey(route), `path spelled ${spelling}`, answer, route.method, [400, 401, 403, 404], before, await target.snapshot()));
    }
  }
  return outcomes;
}

function judge(route: string, attack: string, answer: FuzzAnswer, method: string, refusedWith: number[], before: string, after: string): AttackOutcome {
  const problems = contractProblems(answer, method);
  if (!refusedWith.includes(answer.status)) problems.push(`expected ${refusedWith.join(' or ')}, got ${answer.status}: ${answer.text.slice(0, 200)}`);
  if (before !== after) problems.push('the stored state changed');
  return { route, attack, status: answer.status, problems };
}
