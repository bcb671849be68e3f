import { BlockList, isIP } from 'node:net';
import publishedRanges from './crawler-ranges.json' with { type: 'json' };

export interface CrawlerAgent {
  /** The user-agent token, as the operator documents it for robots.txt. */
  agent: string;
  operator: string;
  purpose: string;
  /** Lower-case text whose presence in a User-Agent header names this agent (first match wins). */
  matches: readonly string[];
}

/**
 * The crawlers the analyzer names, most specific first: "ChatGPT-User" before "GPTBot" would not
 * matter, but "Applebot-Extended" and "Google-Extended" are robots.txt tokens only (they never
 * appear in a User-Agent header), so their `matches` are empty and they show up in the robots lines.
 */
export const CRAWLER_AGENTS: readonly CrawlerAgent[] = [
  { agent: 'GPTBot', operator: 'OpenAI', purpose: 'Model training', matches: ['gptbot'] },
  { agent: 'OAI-SearchBot', operator: 'OpenAI', purpose: 'ChatGPT search index', matches: ['oai-searchbot'] },
  { agent: 'ChatGPT-User', operator: 'OpenAI', purpose: 'Fetches for a ChatGPT user', matches: ['chatgpt-user'] },
  { agent: 'ClaudeBot', operator: 'Anthropic', purpose: 'Model training', matches: ['claudebot'] },
  { agent: 'Claude-User', operator: 'Anthropic', purpose: 'Fetches for a Claude user', matches: ['claude-user'] },
  { agent: 'Claude-SearchBot', operator: 'Anthropic', purpose: 'Claude search index', matches: ['claude-searchbot'] },
  { agent: 'PerplexityBot', operator: 'Perplexity', purpose: 'Perplexity search index', matches: ['perplexitybot'] },
  { agent: 'Perplexity-User', operator: 'Perplexity', purpose: 'Fetches for a Perplexity user', matches: ['perplexity-user'] },
  { agent: 'Google-Extended', operator: 'Google', purpose: 'Gemini training (robots.txt token only)', matches: [] },
  { agent: 'Googlebot', operator: 'Google', purpose: 'Google Search and AI Overviews', matches: ['googlebot'] },
  { agent: 'Bingbot', operator: 'Microsoft', purpose: 'Bing search and Copilot', matches: ['bingbot'] },
  { agent: 'Applebot-Extended', operator: 'Apple', purpose: 'Apple AI training (robots.txt token only)', matches: [] },
  { agent: 'Applebot', operator: 'Apple', purpose: 'Siri and Spotlight search', matches: ['applebot'] },
  { agent: 'Meta-ExternalAgent', operator: 'Meta', purpose: 'Model training', matches: ['meta-externalagent'] },
  { agent: 'Meta-ExternalFetcher', operator: 'Meta', purpose: 'Fetches for a Meta AI user', matches: ['meta-externalfetcher'] },
  { agent: 'Amazonbot', operator: 'Amazon', purpose: 'Alexa and Rufus answers', matches: ['amazonbot'] },
  { agent: 'Bytespider', operator: 'ByteDance', purpose: 'Model training', matches: ['bytespider'] },
  { agent: 'CCBot', operator: 'Common Crawl', purpose: 'Open web crawl used for training', matches: ['ccbot'] },
  { agent: 'DuckAssistBot', operator: 'DuckDuckGo', purpose: 'DuckDuckGo AI answers', matches: ['duckassistbot'] },
  { agent: 'MistralAI-User', operator: 'Mistral', purpose: 'Fetches for a Le Chat user', matches: ['mistralai-user'] },
  { agent: 'cohere-ai', operator: 'Cohere', purpose: 'Fetches for a Cohere user', matches: ['cohere-ai', 'cohere-training-data-crawler'] },
  { agent: 'Google-CloudVertexBot', operator: 'Google', purpose: 'Vertex AI agents', matches: ['google-cloudvertexbot'] },
  { agent: 'YouBot', operator: 'You.com', purpose: 'You.com search', matches: ['youbot'] },
  { agent: 'Diffbot', operator: 'Diffbot', purpose: 'Knowledge graph crawl', matches: ['diffbot'] },
  { agent: 'anthropic-ai', operator: 'Anthropic', purpose: 'Older Anthropic token', matches: ['anthropic-ai', 'claude-web'] },
];

/** The agent a User-Agent header names, or undefined for every other client. */
export function agentOf(userAgent: string): CrawlerAgent | undefined {
  const lower = userAgent.toLowerCase();
  for (const agent of CRAWLER_AGENTS) {
    if (agent.matches.some((token) => lower.includes(token))) return agent;
  }
  return undefined;
}

export interface PublishedRanges {
  source: string;
  retrieved: string;
  prefixes: string[];
}

export type RangesFile = { about: string; agents: Record<string, PublishedRanges & { transcribed?: boolean; note?: string }> };

/** Whether an address is inside an agent's published ranges: null when the operator publishes none for it. */
export class CrawlerRanges {
  private readonly lists = new Map<string, BlockList>();

  constructor(readonly file: RangesFile = publishedRanges) {
    for (const [agent, ranges] of Object.entries(file.agents)) {
      const list = new BlockList();
      for (const prefix of ranges.prefixes) {
        const [address = '', bits] = prefix.split('/');
        const family = isIP(address);
        if (family === 0 || bits === undefined) continue;
        list.addSubnet(address, Number(bits), family === 6 ? 'ipv6' : 'ipv4');
      }
      this.lists.set(agent, list);
    }
  }

  /** True inside, false outside (an impostor, or an unreadable address), null when there is nothing to check against. */
  verify(agent: string, address: string): boolean | null {
    const list = this.lists.get(agent);
    if (!list) return null;
    const plain = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
    const family = isIP(plain);
    if (family === 0) return false;
    return list.check(plain, family === 6 ? 'ipv6' : 'ipv4');
  }

  sources(): { agent: string; source: string; retrieved: string }[] {
    return Object.entries(this.file.agents).map(([agent, ranges]) => ({ agent, source: ranges.source, retrieved: ranges.retrieved }));
  }
}
