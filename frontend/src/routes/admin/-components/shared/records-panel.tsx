import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ListPage } from '../../../../api/api-client';
import { ListPager } from './list-pager';
import { ListState, PanelHeader } from './panel-parts';
import type { ListControls } from './use-list-controls';

interface RecordsPanelProps<T> {
  title: string;
  /** The tab's list read, e.g. useQuery(adminAuditRecordsQuery(controls.params)). */
  result: UseQueryResult<ListPage<T>>;
  controls: ListControls;
  /** The count badge from the list's total (X-Total-Count), e.g. '3 Total Queries'. */
  countLabel: (total: number) => string;
  loadingText: string;
  emptyText: string;
  intro?: ReactNode;
  /** Search, filters, sort and export (ListToolbar). */
  toolbar: ReactNode;
  /** Above the list: bulk actions, say. */
  actions?: ReactNode;
  renderRecord: (record: T) => ReactNode;
}

/** A tab of what visitors submitted through the tools and forms: a page at a time, newest first by default. */
export function RecordsPanel<T>({ title, result, controls, countLabel, loadingText, emptyText, intro, toolbar, actions, renderRecord }: RecordsPanelProps<T>) {
  return (
    <>
      <PanelHeader title={title} badge={result.data ? countLabel(result.data.total) : undefined} />
      {intro}
      {toolbar}
      {actions}
      <ListState result={result} loadingText={loadingText} emptyText={emptyText}>
        {(records) => <div className="admin-records">{records.map(renderRecord)}</div>}
      </ListState>
      {result.data ? <ListPager controls={controls} total={result.data.total} /> : null}
    </>
  );
}
