import { useEffect, useRef } from 'react';
import { visitorMessage } from '../api/api-client';
import { useToolRequest } from '../api/use-tool-request';
import { toast } from './toast/toast-store';

interface ToolFailureText {
  /** The toast's title, e.g. 'Error'. */
  title: string;
  /** Shown when the service gave no readable reason. */
  fallback: string;
}

/**
 * A tool page's request with live progress: on failure a destructive toast with the service's
 * reason (it says what to change: a website we may not read, the hourly limit) or the fallback;
 * once results arrive, focus moves to their heading.
 */
export function useToolRun<TInput, TAnswer>(path: string, failure: ToolFailureText) {
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const run = useToolRequest<TInput, TAnswer>(path, {
    onError: (error) => toast({ title: failure.title, description: visitorMessage(error, failure.fallback), variant: 'destructive' }),
  });
  useEffect(() => {
    if (run.data) resultsHeading.current?.focus();
  }, [run.data]);
  const failureMessage = run.isError ? visitorMessage(run.error, failure.fallback) : undefined;
  return { run, resultsHeading, failureMessage };
}
