import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { ToolProgressEvent } from '@agency/shared';
import {
  compareStreamIds,
  REPLAY_MAX_BYTES,
  REPLAY_MAX_REQUESTS,
  REPLAY_TTL_MS,
  type StoredProgressEvent,
  ToolProgressHub,
} from '../../src/progress/tool-progress.hub.js';

const answered = (answer = 'Try Corvel.'): ToolProgressEvent => ({ type: 'model', provider: 'openai', status: 'answered', answer });
const done: ToolProgressEvent = { type: 'done', outcome: 'completed' };

/** A stream as ToolProgressStreams opens one: subscribed, then the kept events replayed. */
function collect(hub: ToolProgressHub, requestId: string, afterId?: string): { events: StoredProgressEvent[]; stop: () => void } {
  const events: StoredProgressEvent[] = [];
  const stop = hub.subscribe(requestId, { send: (event) => events.push(event) });
  events.push(...hub.kept(requestId, afterId));
  return { events, stop };
}

describe('ToolProgressHub', () => {
  let hub: ToolProgressHub | undefined;
  afterEach(() => {
    hub?.onModuleDestroy();
    jest.useRealTimers();
  });

  it('hands each event to the streams of its request only, and replays kept events to a late one', () => {
    hub = new ToolProgressHub();
    const mine = randomUUID();
    const early = collect(hub, mine);
    const other = collect(hub, randomUUID());
    hub.receive({ requestId: mine, event: { type: 'started', tool: 'audit' } }, '100-0');
    hub.receive({ requestId: mine, event: answered() }, '101-0');
    expect(early.events.map((event) => event.id)).toEqual(['100-0', '101-0']);
    expect(other.events).toEqual([]);
    const late = collect(hub, mine);
    expect(late.events.map((event) => event.event)).toEqual([{ type: 'started', tool: 'audit' }, answered()]);
    const resumed = collect(hub, mine, '100-0');
    expect(resumed.events.map((event) => event.id)).toEqual(['101-0']);
  });

  it('ignores progress data that is not a tool progress message', () => {
    hub = new ToolProgressHub();
    const requestId = randomUUID();
    const stream = collect(hub, requestId);
    for (const data of [42, null, 'text', { requestId: 'nope', event: done }, { requestId, event: 'done' }, { requestId }]) hub.receive(data, '1-0');
    expect(stream.events).toEqual([]);
  });

  it('knows when a reconnecting stream has already seen the end', () => {
    hub = new ToolProgressHub();
    const requestId = randomUUID();
    hub.receive({ requestId, event: answered() }, '5-0');
    expect(hub.finishedBefore(requestId, '5-0')).toBe(false);
    hub.receive({ requestId, event: done }, '5-1');
    expect(hub.finishedBefore(requestId, '5-0')).toBe(false);
    expect(hub.finishedBefore(requestId, '5-1')).toBe(true);
    expect(hub.finishedBefore(requestId, undefined)).toBe(false);
  });

  it('forgets a request a while after its last event', () => {
    jest.useFakeTimers();
    hub = new ToolProgressHub();
    const requestId = randomUUID();
    hub.receive({ requestId, event: answered() }, '1-0');
    jest.advanceTimersByTime(REPLAY_TTL_MS - 10_000);
    expect(collect(hub, requestId).events).toHaveLength(1);
    jest.advanceTimersByTime(20_000);
    expect(collect(hub, requestId).events).toHaveLength(0);
  });

  it('keeps memory bounded: the oldest requests go first beyond the request and byte caps', () => {
    hub = new ToolProgressHub();
    const ids = Array.from({ length: REPLAY_MAX_REQUESTS + 50 }, () => randomUUID());
    ids.forEach((requestId, index) => hub!.receive({ requestId, event: answered() }, `${index + 1}-0`));
    expect(collect(hub, ids[0]!).events).toHaveLength(0);
    expect(collect(hub, ids[49]!).events).toHaveLength(0);
    expect(collect(hub, ids[50]!).events).toHaveLength(1);
    expect(collect(hub, ids.at(-1)!).events).toHaveLength(1);

    const big = 'x'.repeat(100_000);
    const bigIds = Array.from({ length: Math.ceil(REPLAY_MAX_BYTES / 100_000) + 10 }, () => randomUUID());
    bigIds.forEach((requestId, index) => hub!.receive({ requestId, event: answered(big) }, `${100_000 + index}-0`));
    expect(collect(hub, bigIds[0]!).events).toHaveLength(0);
    expect(collect(hub, bigIds.at(-1)!).events).toHaveLength(1);
  });

  it('stops sending to a stream once it unsubscribes', () => {
    hub = new ToolProgressHub();
    const requestId = randomUUID();
    const stream = collect(hub, requestId);
    stream.stop();
    hub.receive({ requestId, event: answered() }, '1-0');
    expect(stream.events).toEqual([]);
    expect(hub.openStreams).toBe(0);
  });
});

describe('compareStreamIds', () => {
  it('orders by time, then sequence, as numbers', () => {
    expect(compareStreamIds('10-0', '9-0')).toBeGreaterThan(0);
    expect(compareStreamIds('10-2', '10-10')).toBeLessThan(0);
    expect(compareStreamIds('1700000000000-5', '1700000000000-5')).toBe(0);
  });
});
