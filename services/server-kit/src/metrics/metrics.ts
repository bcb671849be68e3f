import type { Server } from 'node:http';
import { createServer } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { collectDefaultMetrics, type Histogram, type Metric, register } from 'prom-client';
import { Histogram as HistogramMetric } from 'prom-client';

/**
 * Prometheus metrics (docs/operations.md, "Metrics"). One registry per process, prom-client's
 * default one: GET /metrics on the process's own port, never through the gateway.
 */
export const METRICS_PATH = '/metrics';

let defaultMetricsFor: string | undefined;

/** Process metrics (CPU, memory, event-loop lag, GC, handles) and the `service` label on every series. */
export function startProcessMetrics(service: string): void {
  if (defaultMetricsFor !== undefined) return;
  defaultMetricsFor = service;
  register.setDefaultLabels({ service });
  collectDefaultMetrics({ register });
}

/**
 * One metric per name in the process, however many apps a test builds in it: the first call
 * creates it, later ones get the same.
 */
export function sharedMetric<T extends Metric>(name: string, create: () => T): T {
  return (register.getSingleMetric(name) as T | undefined) ?? create();
}

export async function metricsText(): Promise<{ contentType: string; body: string }> {
  return { contentType: register.contentType, body: await register.metrics() };
}

function httpDuration(): Histogram<'method' | 'route' | 'status_code'> {
  return sharedMetric(
    'http_request_duration_seconds',
    () =>
      new HistogramMetric({
        name: 'http_request_duration_seconds',
        help: 'Time from request to answer, by route pattern (unmatched: no route).',
        labelNames: ['method', 'route', 'status_code'],
        buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
      }),
  );
}

/**
 * Times every request by its route's pattern (/api/blog-posts/:slug, never the address itself,
 * so the series stay few), and answers GET /metrics.
 */
export function httpMetrics(): (req: Request, res: Response, next: NextFunction) => void {
  const histogram = httpDuration();
  return (req, res, next) => {
    if (req.path === METRICS_PATH) {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        next();
        return;
      }
      metricsText().then(
        ({ contentType, body }) => res.status(200).setHeader('Content-Type', contentType).setHeader('Cache-Control', 'no-store').send(body),
        (error: unknown) => next(error),
      );
      return;
    }
    const end = histogram.startTimer({ method: req.method });
    res.once('finish', () => {
      const route = (req.route as { path?: unknown } | undefined)?.path;
      end({ route: typeof route === 'string' ? `${req.baseUrl}${route}` : 'unmatched', status_code: res.statusCode });
    });
    next();
  };
}

/**
 * A process without an HTTP API of its own (a model worker): /metrics and /health on a small
 * listener of their own. /health answers 200 while `healthy()` says so.
 */
export function startMetricsListener(port: number, host: string, healthy: () => boolean): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path === METRICS_PATH && req.method === 'GET') {
      metricsText().then(
        ({ contentType, body }) => res.writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' }).end(body),
        () => res.writeHead(500).end(),
      );
    } else if (path === '/health' && req.method === 'GET') {
      const ok = healthy();
      res.writeHead(ok ? 200 : 503, { 'Content-Type': 'application/json' }).end(JSON.stringify({ status: ok ? 'ok' : 'stopping' }));
    } else {
      res.writeHead(404, { 'Content-Type': 'application/json' }).end(JSON.stringify({ statusCode: 404, message: 'Not found' }));
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
