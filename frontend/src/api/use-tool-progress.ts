import { toolProgressUrl } from '@agency/shared';
import { useEffect, useState } from 'react';
import { applyToolProgress, initialToolProgress, parseToolProgressEvent, type ToolProgressState } from './tool-progress-state';

/**
 * Live progress of the tool request `requestId`: the stream is open while `live` is true (while
 * the POST is pending, typically) and until its `done` event; the state stays readable after that,
 * until the request id changes. Without EventSource (server rendering, old browsers) the state
 * simply stays at its start, and the page relies on the POST answer alone.
 */
export function useToolProgress(requestId: string | undefined, live: boolean): ToolProgressState {
  const [progress, setProgress] = useState<{ requestId: string | undefined; state: ToolProgressState }>(() => ({
    requestId,
    state: initialToolProgress(),
  }));

  useEffect(() => {
    if (!requestId || !live || typeof EventSource === 'undefined') return;
    const source = new EventSource(toolProgressUrl(requestId), { withCredentials: true });
    source.onmessage = (message: MessageEvent<string>) => {
      const event = parseToolProgressEvent(message.data);
      if (!event) return;
      // A stream that has ended would otherwise be reopened by the browser.
      if (event.type === 'done') source.close();
      setProgress((current) => {
        const state = current.requestId === requestId ? current.state : initialToolProgress();
        return { requestId, state: applyToolProgress(state, event) };
      });
    };
    return () => source.close();
  }, [requestId, live]);

  return progress.requestId === requestId ? progress.state : initialToolProgress();
}
