import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ComponentType, type ReactNode } from 'react';
import type { ListPage } from '../../../../api/api-client';
import { PencilIcon, PlusIcon, TrashIcon } from './admin-icons';
import { serverText, useDeleteItem, type AdminResource } from './admin-resource';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { ListPager } from './list-pager';
import { ListState, PanelHeader } from './panel-parts';
import { RecordCard } from './record-card';
import type { ListControls } from './use-list-controls';

/** What a create/edit dialog receives: the item to edit, or none to create one. */
export interface ItemDialogProps<T> {
  item?: T;
  onClose: () => void;
}

interface CrudPanelProps<T extends { id: number }> {
  title: string;
  /** The tab's list read, e.g. useQuery(adminBlogPostsQuery(controls.params)). */
  result: UseQueryResult<ListPage<T>>;
  controls: ListControls;
  /** Search, filters and sort (ListToolbar). */
  toolbar: ReactNode;
  loadingText: string;
  emptyText: string;
  newLabel: string;
  /** Lower case, for labels and the delete question: 'blog post'. */
  noun: string;
  resource: AdminResource;
  nameOf: (item: T) => string;
  badgesOf?: (item: T) => ReactNode;
  /** The record's details under its heading. */
  renderDetails: (item: T) => ReactNode;
  Dialog: ComponentType<ItemDialogProps<T>>;
  /** Cards side by side (short records such as categories) instead of a list. */
  grid?: boolean;
}

/** A tab that lists one content type with New, Edit and Delete. */
export function CrudPanel<T extends { id: number }>(props: CrudPanelProps<T>) {
  const { title, result, controls, toolbar, loadingText, emptyText, newLabel, noun, resource, nameOf, badgesOf, renderDetails, Dialog, grid } = props;
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const remove = useDeleteItem(resource, () => setDeleting(null));

  return (
    <>
      <PanelHeader title={title}>
        <button type="button" className="btn btn-primary btn-small" onClick={() => setEditing('new')}>
          <PlusIcon /> {newLabel}
        </button>
      </PanelHeader>
      {toolbar}
      <ListState result={result} loadingText={loadingText} emptyText={emptyText}>
        {(items) => (
          <div className={grid ? 'admin-records admin-records-grid' : 'admin-records'}>
            {items.map((item) => (
              <RecordCard
                key={item.id}
                title={nameOf(item)}
                badges={badgesOf?.(item)}
                actions={
                  <>
                    <button type="button" className="btn btn-secondary btn-small" aria-label={`Edit ${noun}: ${nameOf(item)}`} onClick={() => setEditing(item)}>
                      <PencilIcon /> Edit
                    </button>
                    <button
                      type="button"
                      className="btn btn-secondary btn-small btn-danger-outline"
                      aria-label={`Delete ${noun}: ${nameOf(item)}`}
                      onClick={() => {
                        remove.reset();
                        setDeleting(item);
                      }}
                    >
                      <TrashIcon /> Delete
                    </button>
                  </>
                }
              >
                {renderDetails(item)}
              </RecordCard>
            ))}
          </div>
        )}
      </ListState>
      {result.data ? <ListPager controls={controls} total={result.data.total} /> : null}
      {editing !== null ? (
        <Dialog key={editing === 'new' ? 'new' : editing.id} item={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      ) : null}
      {deleting ? (
        <ConfirmDeleteDialog
          noun={noun}
          name={nameOf(deleting)}
          busy={remove.isPending}
          error={remove.error ? serverText(remove.error) : null}
          onConfirm={() => remove.mutate(deleting.id)}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </>
  );
}
