import { useSyncExternalStore } from 'react';
import { apiGet, apiGetList, apiSend, ApiError, type ListPage } from './api-client';

/**
 * The admin flag in local storage (the value 'true' means signed in). It mirrors the
 * server session, which is what actually grants access: the page checks the session on load, and
 * any 401 from an admin call clears the flag, which brings back the login.
 */
export const ADMIN_FLAG_KEY = 'adminAuthenticated';
export const ADMIN_FLAG_VALUE = 'true';

export type AdminSessionState = 'unknown' | 'signed-in' | 'signed-out';

const listeners = new Set<() => void>();
/** Used when the browser refuses local storage (private modes): the flag then lasts for this page only. */
let memoryFlag: string | null = null;

function readFlag(): string | null {
  try {
    return window.localStorage.getItem(ADMIN_FLAG_KEY);
  } catch {
    return memoryFlag;
  }
}

function writeFlag(signedIn: boolean): void {
  memoryFlag = signedIn ? ADMIN_FLAG_VALUE : null;
  try {
    if (signedIn) window.localStorage.setItem(ADMIN_FLAG_KEY, ADMIN_FLAG_VALUE);
    else window.localStorage.removeItem(ADMIN_FLAG_KEY);
  } catch {
    // Storage refused: memoryFlag carries the state.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab logging in or out changes this one too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === ADMIN_FLAG_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const snapshot = (): AdminSessionState => (readFlag() === ADMIN_FLAG_VALUE ? 'signed-in' : 'signed-out');

/** 'unknown' on the server and during hydration (local storage is browser-only). */
export function useAdminSession(): AdminSessionState {
  return useSyncExternalStore(subscribe, snapshot, () => 'unknown');
}

export function markAdminSignedOut(): void {
  writeFlag(false);
}

function endSessionOn401(error: unknown): never {
  if (error instanceof ApiError && error.status === 401) markAdminSignedOut();
  throw error;
}

/** An admin read: a 401 signs the page out. */
export function adminGet<T>(path: string, signal?: AbortSignal): Promise<T> {
  return apiGet<T>(path, { signal }).catch(endSessionOn401);
}

/** A page of an admin list with its total: a 401 signs the page out. */
export function adminGetList<T>(path: string, signal?: AbortSignal): Promise<ListPage<T>> {
  return apiGetList<T>(path, { signal }).catch(endSessionOn401);
}

/** An admin write: a 401 signs the page out. */
export function adminSend<T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T> {
  return apiSend<T>(method, path, body).catch(endSessionOn401);
}

/** 204 and a session cookie, or an ApiError (401 'Invalid password', 429 when throttled). */
export async function loginAdmin(password: string): Promise<void> {
  await apiSend<null>('POST', '/api/admin/login', { password });
  writeFlag(true);
}

/** Ends the server session, then signs the page out. A 401 means the session had already ended. */
export async function logoutAdmin(): Promise<void> {
  try {
    await apiSend<null>('POST', '/api/admin/logout');
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) throw error;
  }
  writeFlag(false);
}

/** Brings the flag in line with the server session; network failures leave it as it is. */
export async function verifyAdminSession(): Promise<void> {
  try {
    const session = await apiGet<{ authenticated: boolean }>('/api/admin/session', { on401: 'returnNull' });
    writeFlag(session?.authenticated === true);
  } catch {
    // Unreachable server: keep the flag; the next admin call will tell.
  }
}

/** A file from an admin path (the subscribers CSV), handed to the browser as a download. */
export async function adminDownload(path: string, fallbackName: string): Promise<void> {
  const response = await fetch(path, { credentials: 'include' });
  if (!response.ok) {
    const body = await response.text().catch(() => '');
    let serverMessage: string | undefined;
    try {
      serverMessage = (JSON.parse(body) as { message?: string }).message;
    } catch {
      // Not JSON: the status says enough.
    }
    endSessionOn401(new ApiError(response.status, `${response.status}: ${body || response.statusText}`, serverMessage));
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
