import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ListState, PanelHeader } from './panel-parts';

interface RecordsPanelProps<T> {
  title: string;
  /** The tab's list read, e.g. useQuery(adminBlogPostsQuery()). */
  result: UseQueryResult<T[]>;
  /** The count badge, e.g. '3 Total Queries'. */
  countLabel: (records: T[]) => string;
  loadingText: string;
  emptyText: string;
  intro?: ReactNode;
  renderRecord: (record: T) => ReactNode;
}

/** A read-only tab: what visitors submitted through the tools and forms, newest first. */
export function RecordsPanel<T>({ title, result, countLabel, loadingText, emptyText, intro, renderRecord }: RecordsPanelProps<T>) {
  return (
    <>
      <PanelHeader title={title} badge={result.isSuccess ? countLabel(result.data) : undefined} />
      {intro}
      <ListState result={result} loadingText={loadingText} emptyText={emptyText}>
        {(records) => <div className="admin-records">{records.map(renderRecord)}</div>}
      </ListState>
    </>
  );
}
