import { describe, expect, it } from '@jest/globals';
import { trace } from '@opentelemetry/api';
import { startTracing, tracingEnabled } from '../src/tracing/tracing.js';

describe('tracing', () => {
  it('starts no SDK when no OTLP endpoint is set: every span is a no-op that records nothing', async () => {
    expect(tracingEnabled({})).toBe(false);
    expect(tracingEnabled({ OTEL_EXPORTER_OTLP_ENDPOINT: '  ' })).toBe(false);
    expect(await startTracing('agency-test', { OTEL_EXPORTER_OTLP_ENDPOINT: '' })).toBeUndefined();
    const span = trace.getTracer('agency').startSpan('unexported');
    expect(span.isRecording()).toBe(false);
    span.end();
  });

  it('is on with an endpoint for all signals or for traces alone', () => {
    expect(tracingEnabled({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://jaeger:4318' })).toBe(true);
    expect(tracingEnabled({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://jaeger:4318/v1/traces' })).toBe(true);
  });
});
