import { type BeforeApplicationShutdown, HttpException, HttpStatus, Inject, Injectable, ServiceUnavailableException } from '@nestjs/common';
import type { Response } from 'express';
import type { ToolsConfig } from '../config/tools-config.js';
import { TOOLS_CONFIG } from '../config/tools-config.provider.js';
import { type StoredProgressEvent, ToolProgressHub } from './tool-progress.hub.js';

/** Open progress streams one API process serves, and per client address. */
export const MAX_OPEN_STREAMS = 2000;
export const MAX_STREAMS_PER_CLIENT = 20;
/** A comment this often keeps proxies and browsers from closing an idle stream. */
export const HEARTBEAT_MS = 15_000;
const RECONNECT_DELAY_MS = 2000;

export const TOO_MANY_STREAMS_MESSAGE = 'Too many progress streams are open from your address. Close some tool pages and try again.';
export const STREAMS_BUSY_MESSAGE = 'Live progress is busy right now; your analysis still runs. Please try again shortly.';

/**
 * Serves GET /api/tool-progress/{requestId} as server-sent events: kept events first, then new
 * ones, until `done` (then the stream closes) or the longest tool deadline has passed (then it
 * sends `done` / `timed-out` and closes). An id nobody reports on simply waits for that deadline.
 */
@Injectable()
export class ToolProgressStreams implements BeforeApplicationShutdown {
  private readonly perClient = new Map<string, number>();
  private open = 0;
  /** Each open stream's close; a stopping API ends them (the browser reconnects, with Last-Event-ID, to a running replica). */
  private readonly closers = new Set<() => void>();
  readonly lifetimeMs: number;

  constructor(
    private readonly hub: ToolProgressHub,
    @Inject(TOOLS_CONFIG) config: ToolsConfig,
  ) {
    const longestJobMs = Math.max(...Object.values(config.toolDeadlineMs));
    this.lifetimeMs = longestJobMs + 5000;
  }

  /** Runs before the HTTP server closes, which would otherwise wait for every open stream's deadline. */
  beforeApplicationShutdown(): void {
    for (const close of [...this.closers]) close();
  }

  stream(requestId: string, afterId: string | undefined, client: string, res: Response): void {
    // The browser reconnects to a closed stream; 204 tells it there is nothing more to come.
    if (this.hub.finishedBefore(requestId, afterId)) {
      res.status(204).end();
      return;
    }
    if (this.open >= MAX_OPEN_STREAMS) throw new ServiceUnavailableException(STREAMS_BUSY_MESSAGE);
    if ((this.perClient.get(client) ?? 0) >= MAX_STREAMS_PER_CLIENT) throw new HttpException(TOO_MANY_STREAMS_MESSAGE, HttpStatus.TOO_MANY_REQUESTS);
    this.open++;
    this.perClient.set(client, (this.perClient.get(client) ?? 0) + 1);

    res.status(200).set({
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Accel-Buffering': 'no',
    });
    res.flushHeaders();
    res.write(`retry: ${RECONNECT_DELAY_MS}\n: connected\n\n`);

    let closed = false;
    const close = (): void => {
      if (closed) return;
      closed = true;
      this.closers.delete(close);
      unsubscribe();
      clearInterval(heartbeat);
      clearTimeout(deadline);
      this.open--;
      const remaining = (this.perClient.get(client) ?? 1) - 1;
      if (remaining > 0) this.perClient.set(client, remaining);
      else this.perClient.delete(client);
      res.end();
    };
    const send = (stored: StoredProgressEvent): void => {
      if (closed) return;
      res.write(`id: ${stored.id}\ndata: ${stored.json}\n\n`);
      if (stored.event.type === 'done') close();
    };
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
    const deadline = setTimeout(() => {
      res.write(`data: ${JSON.stringify({ type: 'done', outcome: 'timed-out' })}\n\n`);
      close();
    }, this.lifetimeMs);
    res.on('close', close);
    this.closers.add(close);
    // Subscribed before the replay, with nothing in between: no event is missed or sent twice.
    const unsubscribe = this.hub.subscribe(requestId, { send });
    for (const stored of this.hub.kept(requestId, afterId)) send(stored);
  }
}
