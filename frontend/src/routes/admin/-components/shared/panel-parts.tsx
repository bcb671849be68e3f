import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ListPage } from '../../../../api/api-client';
import { serverText } from './admin-resource';

/** A tab's heading with its count badge and main action. */
export function PanelHeader({ title, badge, children }: { title: string; badge?: string; children?: ReactNode }) {
  return (
    <div className="admin-panel-head">
      <div className="admin-panel-title">
        <h2>{title}</h2>
        {badge ? <span className="badge">{badge}</span> : null}
      </div>
      {children ? <div className="admin-panel-actions">{children}</div> : null}
    </div>
  );
}

/** Loading, failure (with a retry) and empty states of a tab's list, else the page of it. */
export function ListState<T>({
  result,
  loadingText,
  emptyText,
  children,
}: {
  result: UseQueryResult<ListPage<T>>;
  loadingText: string;
  emptyText: string;
  children: (items: T[]) => ReactNode;
}) {
  if (result.isPending) {
    return (
      <p className="admin-status" role="status">
        {loadingText}
      </p>
    );
  }
  if (result.isError) {
    return (
      <div className="admin-status admin-status-error" role="alert">
        <p>Could not load this list: {serverText(result.error)}</p>
        <button type="button" className="btn btn-secondary btn-small" onClick={() => void result.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (result.data.items.length === 0) return <p className="empty-state">{result.data.total === 0 && result.data.items.length === 0 ? emptyText : 'Nothing on this page.'}</p>;
  // While the next page loads, the current one stays, marked busy.
  return <div aria-busy={result.isPlaceholderData}>{children(result.data.items)}</div>;
}
