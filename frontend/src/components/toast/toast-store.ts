import { useSyncExternalStore } from 'react';

/** One toast at a time; a dismissed toast is removed after 1,000,000 ms. */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  action?: { label: string; altText: string; onClick: () => void };
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

let toasts: ToastItem[] = [];
let nextId = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function publish(next: ToastItem[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string): void {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      publish(toasts.filter((item) => item.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}

export function dismissToast(id: string): void {
  publish(toasts.map((item) => (item.id === id ? { ...item, open: false } : item)));
  scheduleRemoval(id);
}

/** Shows a toast, replacing the one on screen. */
export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  const id = String(++nextId);
  publish([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const serverSnapshot: ToastItem[] = [];

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => serverSnapshot,
  );
}
