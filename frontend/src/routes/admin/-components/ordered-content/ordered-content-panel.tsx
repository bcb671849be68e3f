import { useQuery } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { type AdminListQuery, REORDER_LIST_PARAMS } from '../../../../api/admin-queries';
import type { AdminResource } from '../shared/admin-resource';
import { CrudPanel, type ItemDialogProps } from '../shared/crud-panel';
import { POSITION_SORTS, PUBLISHED_FILTER } from '../shared/list-options';
import { ListToolbar } from '../shared/list-toolbar';
import { useListControls } from '../shared/use-list-controls';
import { ReorderButton } from './reorder-list';

export interface OrderedItem {
  id: number;
  title: string;
  published: boolean;
}

interface OrderedContentPanelProps<T extends OrderedItem> {
  /** The tab's heading: 'Search Lab', 'YouTube Videos'. */
  title: string;
  /** The admin list read for some parameters (search, filter, sort, page). */
  listQuery: AdminListQuery<T>;
  resource: AdminResource;
  /** Plural, in the reorder button and its messages: 'case studies', 'videos'. */
  reorderNoun: string;
  /** Lower case, for the row buttons and the delete question: 'YouTube video'. */
  noun: string;
  searchLabel: string;
  loadingText: string;
  emptyText: string;
  newLabel: string;
  badgesOf: (item: T) => ReactNode;
  renderDetails: (item: T) => ReactNode;
  Dialog: ComponentType<ItemDialogProps<T>>;
  /** Links beside the reorder button, such as the full editor's. */
  tools?: ReactNode;
}

/**
 * A tab of content shown on a public page in the order staff choose (Search Lab case studies,
 * YouTube videos): the list with search, status filter and position sort, New/Edit/Delete, and
 * the reorder dialog (drag, or the keyboard) over every item in position order.
 */
export function OrderedContentPanel<T extends OrderedItem>(props: OrderedContentPanelProps<T>) {
  const { title, listQuery, resource, reorderNoun, noun, searchLabel, loadingText, emptyText, newLabel, badgesOf, renderDetails, Dialog, tools } = props;
  const controls = useListControls();
  // Reordering needs every item in position order, not the page on screen.
  const everyItem = useQuery(listQuery(REORDER_LIST_PARAMS));
  const page = useQuery(listQuery(controls.params));
  return (
    <>
      <div className="admin-panel-tools">
        {tools}
        <ReorderButton noun={reorderNoun} items={everyItem.data?.items ?? []} orderPath={`${resource.path}/order`} refreshes={resource.refreshes} />
      </div>
      <CrudPanel<T>
        title={title}
        result={page}
        controls={controls}
        toolbar={<ListToolbar controls={controls} searchLabel={searchLabel} searchPlaceholder="Title" filters={[PUBLISHED_FILTER]} sorts={POSITION_SORTS} />}
        loadingText={loadingText}
        emptyText={emptyText}
        newLabel={newLabel}
        noun={noun}
        resource={resource}
        nameOf={(item) => item.title}
        badgesOf={badgesOf}
        renderDetails={renderDetails}
        Dialog={Dialog}
      />
    </>
  );
}
