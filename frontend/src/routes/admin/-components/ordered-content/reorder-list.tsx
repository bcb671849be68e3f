import { closestCenter, DndContext, type DragEndEvent, KeyboardSensor, MeasuringStrategy, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { adminSend } from '../../../../api/admin-session';
import { CloseIcon } from '../../../../components/icons';
import { toast } from '../../../../components/toast/toast-store';
import { serverText } from '../shared/admin-resource';

interface Orderable {
  id: number;
  title: string;
  published: boolean;
}

interface ReorderButtonProps<T extends Orderable> {
  /** e.g. 'videos': in the button ('Reorder videos') and the messages. */
  noun: string;
  /** Top of the public page first, as the admin list shows them. */
  items: readonly T[];
  /** PUT target taking `{ ids }` top first; the server writes each resource's own displayOrder. */
  orderPath: string;
  refreshes: QueryKey[];
}

/**
 * Drag-and-drop ordering (dnd-kit) in a dialog: with a mouse or touch, drag the handle; with the
 * keyboard, focus a handle, press Space to pick the item up, the arrow keys to move it and Space to
 * drop it (Escape cancels). Each drop saves the new order; dnd-kit announces every step to screen readers.
 */
export function ReorderButton<T extends Orderable>({ noun, items, orderPath, refreshes }: ReorderButtonProps<T>) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="btn btn-secondary btn-small" disabled={items.length < 2}>
        Reorder {noun}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="admin-overlay" />
        <Dialog.Content className="admin-dialog reorder-dialog">
          <div className="admin-dialog-head">
            <Dialog.Title className="admin-dialog-title">Reorder {noun}</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label="Close">
              <CloseIcon />
            </Dialog.Close>
          </div>
          <Dialog.Description className="form-notice">
            The top of this list is the top of the public page. Drag a handle, or focus it and press Space, move with the arrow keys and press Space again. Each move is saved.
          </Dialog.Description>
          {open ? <SortableList noun={noun} initial={items} orderPath={orderPath} refreshes={refreshes} /> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function SortableList<T extends Orderable>({ noun, initial, orderPath, refreshes }: { noun: string; initial: readonly T[]; orderPath: string; refreshes: QueryKey[] }) {
  const [items, setItems] = useState<T[]>([...initial]);
  const [saving, setSaving] = useState(false);
  const queryClient = useQueryClient();
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const titleOf = (id: unknown) => items.find((item) => item.id === id)?.title ?? 'item';

  const onDragEnd = async ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const previous = items;
    const next = arrayMove(items, items.findIndex((item) => item.id === active.id), items.findIndex((item) => item.id === over.id));
    setItems(next);
    setSaving(true);
    try {
      await adminSend('PUT', orderPath, { ids: next.map((item) => item.id) });
      toast({ title: 'Success', description: 'Order saved' });
      await Promise.all(refreshes.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    } catch (error) {
      setItems(previous);
      toast({ title: 'Error', description: `Failed to save the order of ${noun}: ${serverText(error)}`, variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      // The rows are measured before a drag starts, so the first arrow key after Space already moves.
      measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
      onDragEnd={(event) => void onDragEnd(event)}
      accessibility={{
        announcements: {
          onDragStart: ({ active }) => `Picked up ${titleOf(active.id)}.`,
          onDragOver: ({ active, over }) => (over ? `${titleOf(active.id)} is now at position ${items.findIndex((item) => item.id === over.id) + 1} of ${items.length}.` : undefined),
          onDragEnd: ({ active, over }) => (over ? `${titleOf(active.id)} dropped at position ${items.findIndex((item) => item.id === over.id) + 1} of ${items.length}.` : `${titleOf(active.id)} dropped.`),
          onDragCancel: ({ active }) => `Moving ${titleOf(active.id)} was cancelled.`,
        },
      }}
    >
      <SortableContext items={items.map((item) => item.id)} strategy={verticalListSortingStrategy}>
        <ol className="reorder-list" aria-busy={saving}>
          {items.map((item, index) => (
            <SortableRow key={item.id} item={item} position={index + 1} total={items.length} />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({ item, position, total }: { item: Orderable; position: number; total: number }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: item.id });
  return (
    <li ref={setNodeRef} className={`reorder-row${isDragging ? ' reorder-row-dragging' : ''}`} style={{ transform: CSS.Transform.toString(transform), transition }}>
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="reorder-handle"
        {...attributes}
        {...listeners}
        aria-label={`Move ${item.title}, position ${position} of ${total}`}
      >
        <span aria-hidden="true">⠿</span>
      </button>
      <span className="reorder-position" aria-hidden="true">
        {position}
      </span>
      <span className="reorder-title">{item.title}</span>
      {item.published ? null : <span className="badge badge-draft">Draft</span>}
    </li>
  );
}
