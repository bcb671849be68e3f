import type { IncomingMessage, ServerResponse } from 'node:http';
import { collectDefaultMetrics, Histogram, register } from 'prom-client';

/**
 * The web process's Prometheus metrics (docs/operations.md, "Metrics"): process metrics and the
 * time to answer, by kind of address: each discovery file and /health by name, every page as "page".
 */
const NAMED_ROUTES = new Set(['/health', '/sitemap.xml', '/robots.txt', '/llms.txt', '/rss.xml']);

let duration: Histogram<'method' | 'route' | 'status_code'> | undefined;

export function startWebMetrics(): void {
  if (duration) return;
  register.setDefaultLabels({ service: 'web' });
  collectDefaultMetrics({ register });
  duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request to answer, by route (every rendered page is "page").',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  });
}

export function timeRequest(req: IncomingMessage, res: ServerResponse): void {
  if (!duration) return;
  const end = duration.startTimer({ method: req.method ?? 'GET' });
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  res.once('finish', () => end({ route: NAMED_ROUTES.has(path) ? path : 'page', status_code: res.statusCode }));
}

export async function sendMetrics(res: ServerResponse): Promise<void> {
  try {
    const body = await register.metrics();
    res.writeHead(200, { 'Content-Type': register.contentType, 'Cache-Control': 'no-store' }).end(body);
  } catch {
    res.writeHead(500).end();
  }
}
