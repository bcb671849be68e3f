import type { CrawlerRobotsGroup, CrawlerRobotsReport } from '@agency/shared';
import robotsParserModule from 'robots-parser';
import { GuardedHttpClient } from '../website/guarded-http-client.js';
import { RobotsRules } from '../website/robots-rules.js';
import { CRAWLER_AGENTS } from './crawler-agents.js';

// The package is CommonJS whose module.exports is the function its types call the default export.
const robotsParser = robotsParserModule as unknown as typeof robotsParserModule.default;

const MAX_GROUP_LINES = 40;

export interface RobotsFetchSettings {
  userAgent: string;
  testOnlyAllowPrivateAddresses?: boolean;
  testOnlyAllowedPorts?: number[];
}

/** Reads the site's robots.txt (through the guarded client: no private addresses, every redirect re-checked) and answers the lines each agent follows. */
export async function crawlerRobotsReport(site: URL, settings: RobotsFetchSettings, signal: AbortSignal): Promise<CrawlerRobotsReport> {
  const client = new GuardedHttpClient({
    userAgent: settings.userAgent,
    maxRedirects: 3,
    policy: { allowPrivateAddresses: settings.testOnlyAllowPrivateAddresses ?? false, extraPorts: settings.testOnlyAllowedPorts ?? [] },
  });
  const rules = new RobotsRules(client, { userAgent: settings.userAgent, maxBytes: 512_000, timeoutMs: 5000, maxRedirects: 3 }, signal);
  const verdict = await rules.verdictFor(site);
  const shown = site.origin;
  if (verdict.kind === 'unreachable') return { site: shown, status: 'unreachable', problem: verdict.problem ?? 'The site could not be reached.', groups: [] };
  if (verdict.kind === 'disallow-all') return { site: shown, status: 'unreadable', problem: verdict.problem, groups: [] };
  return { site: shown, status: 'read', problem: null, groups: robotsGroups(new URL('/robots.txt', site.origin), verdict.text) };
}

interface Group {
  agents: string[];
  lines: string[];
}

/** The groups of a robots.txt (RFC 9309): consecutive user-agent lines, then their rules. */
function groupsOf(text: string): Group[] {
  const groups: Group[] = [];
  let current: Group | undefined;
  let inAgents = false;
  for (const raw of text.split(/\r?\n|\r/)) {
    const line = raw.replace(/#.*$/, '').trim();
    if (line === '') continue;
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'user-agent') {
      if (!inAgents || !current) {
        current = { agents: [], lines: [] };
        groups.push(current);
      }
      current.agents.push(value);
      current.lines.push(`User-agent: ${value}`);
      inAgents = true;
    } else if (key === 'sitemap') {
      continue;
    } else if (current) {
      inAgents = false;
      current.lines.push(`${line.slice(0, colon).trim()}: ${value}`);
    }
  }
  return groups;
}

/** For every agent token: the group naming it (or the "*" group), its lines, and whether the home page is allowed. */
export function robotsGroups(robotsUrl: URL, text: string): CrawlerRobotsGroup[] {
  const groups = groupsOf(text);
  const robot = robotsParser(robotsUrl.href, text);
  const home = new URL('/', robotsUrl).href;
  return CRAWLER_AGENTS.map(({ agent }) => {
    const token = agent.toLowerCase();
    let named = groups.filter((group) => group.agents.some((name) => name.toLowerCase() === token));
    let matchedBy: string | null = agent;
    if (named.length === 0) {
      named = groups.filter((group) => group.agents.includes('*'));
      matchedBy = named.length > 0 ? '*' : null;
    }
    return {
      agent,
      matchedBy,
      lines: named.flatMap((group) => group.lines).slice(0, MAX_GROUP_LINES),
      homeAllowed: robot.isAllowed(home, agent) !== false,
    };
  });
}
