import { context, propagation, type Span, SpanKind, SpanStatusCode, trace, type Tracer } from '@opentelemetry/api';
import type { NextFunction, Request, Response } from 'express';
import { currentRequestId } from '../logging/request-context.js';

/** The attribute every span of a request carries: the gateway's request id, as in the logs. */
export const REQUEST_ID_ATTRIBUTE = 'request.id';

export interface Tracing {
  /** Sends the spans not yet exported, then stops. */
  shutdown(): Promise<void>;
}

/** Tracing is on when an OTLP endpoint is set; otherwise no SDK starts and every span is a no-op. */
export function tracingEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim());
}

/**
 * Starts the OpenTelemetry SDK for this process, exporting over OTLP/HTTP to
 * OTEL_EXPORTER_OTLP_ENDPOINT (the exporter reads the OTEL_EXPORTER_OTLP_* settings itself);
 * undefined, and nothing started or even loaded, when it is not set. Call before the application is created.
 */
export async function startTracing(serviceName: string, env: NodeJS.ProcessEnv = process.env): Promise<Tracing | undefined> {
  if (!tracingEnabled(env)) return undefined;
  const [{ BatchSpanProcessor, NodeTracerProvider }, { OTLPTraceExporter }, { Resource }] = await Promise.all([
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
  ]);
  const provider = new NodeTracerProvider({
    resource: new Resource({ 'service.name': env.OTEL_SERVICE_NAME?.trim() || serviceName }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter(), { scheduledDelayMillis: 1000 })],
  });
  // AsyncLocalStorage context and W3C trace context headers.
  provider.register();
  return { shutdown: () => provider.shutdown() };
}

export function tracer(): Tracer {
  return trace.getTracer('agency');
}

/** Runs `work` in a new active span that ends when it settles, recording a thrown error. */
export async function inSpan<T>(name: string, kind: SpanKind, work: (span: Span) => Promise<T>): Promise<T> {
  return tracer().startActiveSpan(name, { kind }, async (span) => {
    const requestId = currentRequestId();
    if (requestId) span.setAttribute(REQUEST_ID_ATTRIBUTE, requestId);
    try {
      return await work(span);
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
      throw error;
    } finally {
      span.end();
    }
  });
}

/**
 * A server span per HTTP request, continuing a caller's W3C trace context when one is sent,
 * named by its route once routing has found it, and tagged with the request id.
 */
export function httpTracing(): (req: Request, res: Response, next: NextFunction) => void {
  return (req, res, next) => {
    const parent = propagation.extract(context.active(), req.headers);
    const path = req.path;
    const span = tracer().startSpan(`${req.method} ${path}`, { kind: SpanKind.SERVER, attributes: { 'http.request.method': req.method, 'url.path': path } }, parent);
    const requestId = (res.getHeader('X-Request-Id') as string | undefined) ?? currentRequestId();
    if (requestId) span.setAttribute(REQUEST_ID_ATTRIBUTE, requestId);
    res.once('close', () => {
      const route = (req.route as { path?: unknown } | undefined)?.path;
      if (typeof route === 'string') span.updateName(`${req.method} ${req.baseUrl}${route}`);
      span.setAttribute('http.response.status_code', res.statusCode);
      if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
    context.with(trace.setSpan(parent, span), next);
  };
}
