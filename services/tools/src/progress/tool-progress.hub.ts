import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { isToolRequestId, type ToolProgressEvent } from '@agency/shared';
import type { ToolProgressMessage } from '../jobs/tool-jobs.js';

/** One event as the stream sends it: the Redis stream entry id is its SSE id, the same on every API replica. */
export interface StoredProgressEvent {
  id: string;
  event: ToolProgressEvent;
  json: string;
}

/** Where a subscriber's events go (an open SSE response). */
export interface ProgressSink {
  send(event: StoredProgressEvent): void;
}

interface Replay {
  events: StoredProgressEvent[];
  bytes: number;
  expiresAt: number;
}

/** Events are replayed to streams that connect late for this long after a request's last event. */
export const REPLAY_TTL_MS = 60_000;
/** Bounds on what one API process keeps for replay; the oldest requests go first. */
export const REPLAY_MAX_REQUESTS = 2000;
export const REPLAY_MAX_BYTES = 8 * 1024 * 1024;
/** A rerun job reports twice; anything beyond this is not kept (the POST answer still has everything). */
const REPLAY_MAX_EVENTS_PER_REQUEST = 40;
const SWEEP_INTERVAL_MS = 5000;

/**
 * Hands the progress events of tool jobs (read from the queue's event stream, see ToolQueue)
 * to the streams open for their request id, and keeps the recent ones for streams that connect
 * after the events happened. Every API replica reads every event, so a stream may be opened on
 * any replica. Memory is bounded by REPLAY_MAX_REQUESTS and REPLAY_MAX_BYTES.
 */
@Injectable()
export class ToolProgressHub implements OnModuleDestroy {
  private readonly replays = new Map<string, Replay>();
  private readonly sinks = new Map<string, Set<ProgressSink>>();
  private replayBytes = 0;
  private readonly sweepTimer: NodeJS.Timeout;

  constructor() {
    this.sweepTimer = setInterval(() => this.dropExpired(Date.now()), SWEEP_INTERVAL_MS);
    this.sweepTimer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.sweepTimer);
  }

  /** A BullMQ progress event's data and its stream entry id; data that is not ours is ignored. */
  receive(data: unknown, streamId: string): void {
    if (!isProgressMessage(data)) return;
    const stored: StoredProgressEvent = { id: streamId, event: data.event, json: JSON.stringify(data.event) };
    this.remember(data.requestId, stored);
    for (const sink of this.sinks.get(data.requestId) ?? []) sink.send(stored);
  }

  /** Sends every new event of the request to `sink` until the returned function is called. */
  subscribe(requestId: string, sink: ProgressSink): () => void {
    let sinks = this.sinks.get(requestId);
    if (!sinks) this.sinks.set(requestId, (sinks = new Set()));
    sinks.add(sink);
    return () => {
      sinks.delete(sink);
      if (sinks.size === 0 && this.sinks.get(requestId) === sinks) this.sinks.delete(requestId);
    };
  }

  /** The kept events of the request after `afterId` (all of them without one), oldest first. */
  kept(requestId: string, afterId: string | undefined): StoredProgressEvent[] {
    const events = this.replays.get(requestId)?.events ?? [];
    return afterId === undefined ? [...events] : events.filter((stored) => compareStreamIds(stored.id, afterId) > 0);
  }

  /** True when the request's `done` event is kept and has id `afterId` or earlier (the client has seen it). */
  finishedBefore(requestId: string, afterId: string | undefined): boolean {
    if (afterId === undefined) return false;
    const done = this.replays.get(requestId)?.events.find((stored) => stored.event.type === 'done');
    return done !== undefined && compareStreamIds(done.id, afterId) <= 0;
  }

  get openStreams(): number {
    let count = 0;
    for (const sinks of this.sinks.values()) count += sinks.size;
    return count;
  }

  private remember(requestId: string, stored: StoredProgressEvent): void {
    let replay = this.replays.get(requestId);
    if (!replay) this.replays.set(requestId, (replay = { events: [], bytes: 0, expiresAt: 0 }));
    replay.expiresAt = Date.now() + REPLAY_TTL_MS;
    if (replay.events.length >= REPLAY_MAX_EVENTS_PER_REQUEST) return;
    replay.events.push(stored);
    replay.bytes += stored.json.length;
    this.replayBytes += stored.json.length;
    // Map order is insertion order: the first entries are the oldest requests.
    for (const [oldestId] of this.replays) {
      if (this.replays.size <= REPLAY_MAX_REQUESTS && this.replayBytes <= REPLAY_MAX_BYTES) break;
      if (oldestId === requestId) break;
      this.forget(oldestId);
    }
  }

  private dropExpired(now: number): void {
    for (const [requestId, replay] of this.replays) {
      if (replay.expiresAt <= now) this.forget(requestId);
    }
  }

  private forget(requestId: string): void {
    const replay = this.replays.get(requestId);
    if (!replay) return;
    this.replayBytes -= replay.bytes;
    this.replays.delete(requestId);
  }
}

function isProgressMessage(data: unknown): data is ToolProgressMessage {
  if (!data || typeof data !== 'object') return false;
  const { requestId, event } = data as Partial<ToolProgressMessage>;
  return isToolRequestId(requestId) && !!event && typeof event === 'object' && typeof event.type === 'string';
}

const STREAM_ID = /^(\d+)-(\d+)$/;

export function isStreamId(value: unknown): value is string {
  return typeof value === 'string' && STREAM_ID.test(value);
}

/** Orders Redis stream entry ids ("milliseconds-sequence"). */
export function compareStreamIds(a: string, b: string): number {
  const [, aMs = '0', aSeq = '0'] = STREAM_ID.exec(a) ?? [];
  const [, bMs = '0', bSeq = '0'] = STREAM_ID.exec(b) ?? [];
  return Number(aMs) - Number(bMs) || Number(aSeq) - Number(bSeq);
}
