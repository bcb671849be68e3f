import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError, visitorMessage } from '../../../../api/api-client';
import { adminSend } from '../../../../api/admin-session';
import { toast } from '../../../../components/toast/toast-store';

export type WriteKind = 'create' | 'update' | 'delete';

/** One content type the admin writes: where, which caches a write refreshes, and its toasts. */
export interface AdminResource {
  /** e.g. '/api/admin/blog-posts'; items live at `${path}/${id}`. */
  path: string;
  /** The admin list and the public reads that show this content. */
  refreshes: QueryKey[];
  /** 'Blog post created successfully' and so on. */
  succeeded: Record<WriteKind, string>;
  /** The failure toast's text for a write; may include the server's message. */
  failed: (kind: WriteKind, error: unknown) => string;
}

/** The server's sentence, else the "status: body" text every failure carries (ApiError). */
export function serverText(error: unknown): string {
  return visitorMessage(error, error instanceof Error ? error.message : 'Please try again.');
}

export function errorToast(description: string): void {
  toast({ title: 'Error', description, variant: 'destructive' });
}

/** A write's failure: a 401 has already signed the page out, so it says why instead. */
function reportFailure(resource: AdminResource, kind: WriteKind, error: unknown): void {
  if (error instanceof ApiError && error.status === 401) errorToast(serverText(error));
  else errorToast(resource.failed(kind, error));
}

function useWrite<TVariables>(resource: AdminResource, kind: WriteKind, send: (variables: TVariables) => Promise<unknown>, onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async () => {
      toast({ title: 'Success', description: resource.succeeded[kind] });
      onDone();
      await Promise.all(resource.refreshes.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => reportFailure(resource, kind, error),
  });
}

/** Create (no id) or update (an id) one item; on success the toast shows, `onSaved` runs and the lists reload. */
export function useSaveItem<TInput>(resource: AdminResource, id: number | undefined, onSaved: () => void) {
  return useWrite<TInput>(
    resource,
    id === undefined ? 'create' : 'update',
    (input) => (id === undefined ? adminSend('POST', resource.path, input) : adminSend('PUT', `${resource.path}/${id}`, input)),
    onSaved,
  );
}

export function useDeleteItem(resource: AdminResource, onDeleted: () => void) {
  return useWrite<number>(resource, 'delete', (id) => adminSend('DELETE', `${resource.path}/${id}`), onDeleted);
}

/** The success toasts for one subject, e.g. 'Blog post created successfully'. */
export function successMessages(subject: string): Record<WriteKind, string> {
  return {
    create: `${subject} created successfully`,
    update: `${subject} updated successfully`,
    delete: `${subject} deleted successfully`,
  };
}
