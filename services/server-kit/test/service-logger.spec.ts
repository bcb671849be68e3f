import { describe, expect, it } from '@jest/globals';
import { Writable } from 'node:stream';
import { createServiceLogger, PinoNestLogger } from '../src/logging/logger.js';
import { acceptableRequestId, runWithLogContext } from '../src/logging/request-context.js';

/** A JSON logger writing into an array of parsed lines. */
function capture(service = 'tools'): { lines: Record<string, unknown>[]; logger: ReturnType<typeof createServiceLogger> } {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const previous = process.env.LOG_FORMAT;
  process.env.LOG_FORMAT = 'json';
  try {
    return { lines, logger: createServiceLogger({ service, environment: 'production', level: 'info', destination }) };
  } finally {
    if (previous === undefined) delete process.env.LOG_FORMAT;
    else process.env.LOG_FORMAT = previous;
  }
}

describe('the services’ logger', () => {
  it('writes JSON lines with the service, and the request or job they are about', () => {
    const { lines, logger } = capture();
    runWithLogContext({ requestId: 'a1b2c3d4e5f60718293a4b5c6d7e8f90', jobId: 'job-1', tool: 'audit' }, () => {
      new PinoNestLogger(logger).log('job started', 'ToolJobsProcessor');
    });
    new PinoNestLogger(logger).warn('outside any request', 'Redis');
    expect(lines[0]).toMatchObject({
      level: 'info',
      service: 'tools',
      context: 'ToolJobsProcessor',
      msg: 'job started',
      requestId: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
      jobId: 'job-1',
      tool: 'audit',
    });
    expect(lines[1]).toMatchObject({ level: 'warn', context: 'Redis', msg: 'outside any request' });
    expect(lines[1]).not.toHaveProperty('requestId');
  });

  it('keeps each app’s own service and destination when one process builds several, as the tests do', () => {
    const tools = capture();
    const worker = capture('worker');
    new PinoNestLogger(tools.logger).log('from the API', 'ToolsController');
    new PinoNestLogger(worker.logger).log('from the worker', 'ToolJobsProcessor');
    expect(tools.lines).toEqual([expect.objectContaining({ service: 'tools', msg: 'from the API' })]);
    expect(worker.lines).toEqual([expect.objectContaining({ service: 'worker', msg: 'from the worker' })]);
  });

  it('writes an error Nest reports with its stack as one error line with the stack', () => {
    const { lines, logger } = capture();
    new PinoNestLogger(logger).error('boom', 'Error: boom\n    at handler (app.js:1:1)', 'ExceptionsHandler');
    expect(lines[0]).toMatchObject({ level: 'error', context: 'ExceptionsHandler', err: { message: 'boom' } });
    expect(JSON.stringify(lines[0])).toContain('at handler (app.js:1:1)');
  });

  it('never writes cookies, credentials or email addresses', () => {
    const { lines, logger } = capture();
    logger.info(
      {
        req: { headers: { cookie: 'admin_session=secret-session-id', authorization: 'Bearer secret-token' } },
        email: 'visitor@example.com',
        data: { email: 'visitor@example.com', query: 'shoes' },
        provider: { apiKey: 'sk-secret', token: 'secret-token' },
        password: 'hunter2',
      },
      'a request',
    );
    const text = JSON.stringify(lines);
    for (const secret of ['secret-session-id', 'secret-token', 'visitor@example.com', 'sk-secret', 'hunter2']) {
      expect(text).not.toContain(secret);
    }
    expect(lines[0]).toMatchObject({ email: '[redacted]', data: { email: '[redacted]', query: 'shoes' } });
  });

  it('treats an empty LOG_LEVEL or LOG_FORMAT as unset, as .env templates and compose files give them', () => {
    const previous = { level: process.env.LOG_LEVEL, format: process.env.LOG_FORMAT };
    process.env.LOG_LEVEL = '';
    process.env.LOG_FORMAT = '';
    try {
      expect(createServiceLogger({ service: 'tools', environment: 'production' }).level).toBe('info');
      expect(createServiceLogger({ service: 'tools', environment: 'test' }).level).toBe('warn');
      process.env.LOG_LEVEL = 'debug';
      expect(createServiceLogger({ service: 'tools', environment: 'production' }).level).toBe('debug');
    } finally {
      for (const [name, value] of [['LOG_LEVEL', previous.level], ['LOG_FORMAT', previous.format]] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });

  it('takes the gateway’s request id, and nothing a client could use to forge log lines', () => {
    expect(acceptableRequestId('6ca836e7b9837cee90ef8c77a0c843a2')).toBe('6ca836e7b9837cee90ef8c77a0c843a2');
    expect(acceptableRequestId('x\n{"level":"error"}')).toBeUndefined();
    expect(acceptableRequestId('short')).toBeUndefined();
    expect(acceptableRequestId(['a', 'b'])).toBeUndefined();
  });
});
