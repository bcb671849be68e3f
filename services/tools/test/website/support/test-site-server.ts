import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type Handler = (request: IncomingMessage, response: ServerResponse) => void;

export interface TestSiteServer {
  port: number;
  /** Every TCP connection accepted, whatever was sent on it. */
  connections: number;
  /** Request paths in arrival order. */
  requests: string[];
  /** Bytes written to response bodies. */
  bytesSent: number;
  url(path?: string, host?: string): URL;
  close(): Promise<void>;
}

/**
 * A real HTTP listener on an ephemeral port. It listens on '::' dual-stack, so 127.0.0.1, ::1,
 * ::ffff:127.0.0.1 and 0.0.0.0 all reach it: a refused spelling shows up as zero connections.
 */
export async function startTestSiteServer(handler: Handler): Promise<TestSiteServer> {
  const sockets = new Set<Socket>();
  const state = { connections: 0, requests: [] as string[], bytesSent: 0 };
  const server = createServer((request, response) => {
    state.requests.push(request.url ?? '');
    const write = response.write.bind(response) as (chunk: unknown, ...rest: unknown[]) => boolean;
    response.write = ((chunk: unknown, ...rest: unknown[]) => {
      if (typeof chunk === 'string' || Buffer.isBuffer(chunk)) state.bytesSent += Buffer.byteLength(chunk);
      return write(chunk, ...rest);
    }) as typeof response.write;
    handler(request, response);
  });
  server.on('connection', (socket) => {
    state.connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: 0, host: '::', ipv6Only: false }, resolve);
  });
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    get connections() {
      return state.connections;
    },
    get requests() {
      return state.requests;
    },
    get bytesSent() {
      return state.bytesSent;
    },
    url: (path = '/', host = '127.0.0.1') => new URL(path, `http://${host}:${port}`),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export interface StaticAnswer {
  status?: number;
  type?: string;
  body?: string | Buffer;
  headers?: Record<string, string>;
}

/** Answers paths from a table (a function entry takes over the response); 404 otherwise. */
export function routes(table: Record<string, StaticAnswer | Handler>): Handler {
  return (request, response) => {
    const path = request.url ?? '/';
    const entry = table[path];
    if (entry === undefined) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    if (typeof entry === 'function') {
      entry(request, response);
      return;
    }
    response.writeHead(entry.status ?? 200, { 'content-type': entry.type ?? 'text/html; charset=utf-8', ...entry.headers });
    response.end(entry.body ?? '');
  };
}

export const TEST_USER_AGENT = 'AgenticAgencySiteCheck/1.0 (+https://agency.example/site-check)';
