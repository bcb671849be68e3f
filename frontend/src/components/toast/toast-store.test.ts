import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, toast, TOAST_REMOVE_DELAY_MS, useToasts } from './toast-store';
import { renderHook, act } from '@testing-library/react';

describe('toast store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows one toast at a time: a new one replaces the one on screen', () => {
    const { result } = renderHook(() => useToasts());
    act(() => {
      toast({ title: 'First' });
      toast({ title: 'Second', variant: 'destructive' });
    });
    expect(result.current.map((item) => item.title)).toEqual(['Second']);
    expect(result.current[0]?.open).toBe(true);
  });

  it('removes a dismissed toast after 1,000,000 ms', () => {
    const { result } = renderHook(() => useToasts());
    let id = '';
    act(() => {
      id = toast({ title: 'Saved' }).id;
    });
    act(() => {
      dismissToast(id);
    });
    expect(result.current.find((item) => item.id === id)?.open).toBe(false);
    act(() => {
      vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    });
    expect(result.current.some((item) => item.id === id)).toBe(true);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current.some((item) => item.id === id)).toBe(false);
    expect(TOAST_REMOVE_DELAY_MS).toBe(1_000_000);
  });
});
