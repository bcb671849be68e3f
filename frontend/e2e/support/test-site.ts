import { createServer, type Server } from 'node:http';
import { e2eStack } from './e2e-env.js';

/**
 * A visitor's website for Semantic Expansion to crawl, served by the spec on loopback at the one
 * port the e2e stack lets the tools service fetch (SITE_CHECK_TEST_ONLY_* in stack-process.ts).
 */
export interface TestSite {
  url: string;
  close(): Promise<void>;
}

/** `pages` maps a path ('/', '/guide', '/robots.txt') to its body; anything else is a 404. */
export async function startTestSite(pages: Record<string, string>): Promise<TestSite> {
  const server: Server = createServer((req, res) => {
    const body = pages[new URL(req.url ?? '/', 'http://test-site').pathname];
    if (body === undefined) {
      res.writeHead(404).end();
      return;
    }
    const type = req.url?.endsWith('.txt') ? 'text/plain' : 'text/html; charset=utf-8';
    res.writeHead(200, { 'Content-Type': type }).end(body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(e2eStack.testSitePort, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${e2eStack.testSitePort}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
