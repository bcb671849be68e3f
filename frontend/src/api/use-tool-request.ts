import { useMutation, type UseMutationOptions, type UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { newToolRequestId, postToolRequest } from './tool-request';
import type { ToolProgressState } from './tool-progress-state';
import { useToolProgress } from './use-tool-progress';

export type ToolRequest<TInput, TAnswer> = UseMutationResult<TAnswer, Error, TInput> & {
  /** Live progress of the latest request (every model `waiting` before the first). */
  progress: ToolProgressState;
};

/**
 * A tool form's request with live progress: each `mutate(input)` picks a new request id, streams
 * its progress while the POST is pending, and resolves with the POST's answer.
 */
export function useToolRequest<TInput, TAnswer>(
  path: string,
  options: Omit<UseMutationOptions<TAnswer, Error, TInput>, 'mutationFn'> = {},
): ToolRequest<TInput, TAnswer> {
  const [requestId, setRequestId] = useState<string>();
  const mutation = useMutation<TAnswer, Error, TInput>({
    ...options,
    mutationFn: (input) => {
      const id = newToolRequestId();
      setRequestId(id);
      return postToolRequest<TAnswer>(path, input, id);
    },
  });
  const progress = useToolProgress(requestId, mutation.isPending);
  return { ...mutation, progress };
}
