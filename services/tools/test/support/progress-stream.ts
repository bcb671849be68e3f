import type { ToolProgressEvent } from '@agency/shared';

export interface ReceivedProgress {
  /** Milliseconds since the stream was opened. */
  at: number;
  id: string | undefined;
  event: ToolProgressEvent;
}

export interface ProgressStream {
  status: number;
  headers: Headers;
  events: ReceivedProgress[];
  /** Comment lines (heartbeats) seen so far. */
  comments: string[];
  /** Resolves when the server closes the stream. */
  ended: Promise<void>;
  waitFor(predicate: (event: ToolProgressEvent) => boolean, timeoutMs?: number): Promise<ReceivedProgress>;
  close(): void;
}

/** A minimal server-sent events reader (Node 20 has no EventSource), as a browser would read the stream. */
export async function openProgressStream(url: string, headers: Record<string, string> = {}): Promise<ProgressStream> {
  const aborter = new AbortController();
  const openedAt = Date.now();
  const response = await fetch(url, { headers: { Accept: 'text/event-stream', ...headers }, signal: aborter.signal });
  const events: ReceivedProgress[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  const ended = (async () => {
    if (!response.body || !response.headers.get('content-type')?.startsWith('text/event-stream')) return;
    const decoder = new TextDecoder();
    let buffered = '';
    try {
      for await (const chunk of response.body) {
        buffered += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = buffered.indexOf('\n\n')) >= 0) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          let id: string | undefined;
          let data: string | undefined;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('id: ')) id = line.slice(4);
            else if (line.startsWith('data: ')) data = line.slice(6);
          }
          if (data !== undefined) events.push({ at: Date.now() - openedAt, id, event: JSON.parse(data) as ToolProgressEvent });
          for (const wake of waiters) wake();
        }
      }
    } catch {
      // Aborted by close().
    }
  })();
  return {
    status: response.status,
    headers: response.headers,
    events,
    comments,
    ended,
    waitFor: (predicate, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find((received) => predicate(received.event));
          if (!found) return;
          cleanup();
          resolve(found);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no matching progress event within ${timeoutMs} ms; got ${JSON.stringify(events.map((e) => e.event))}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      }),
    close: () => aborter.abort(),
  };
}
