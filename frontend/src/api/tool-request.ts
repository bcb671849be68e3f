import { TOOL_REQUEST_ID_HEADER } from '@agency/shared';
import { apiSend } from './api-client';

/**
 * A fresh progress request id (UUID v4). `crypto.randomUUID` exists only in secure contexts, so
 * a plain-HTTP address on a local network gets one built from `crypto.getRandomValues`.
 */
export function newToolRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** POSTs a tool request (body and answer as in docs/api.md) with its progress request id; ApiError on failure. */
export function postToolRequest<T>(path: string, body: unknown, requestId: string): Promise<T> {
  return apiSend<T>('POST', path, body, { headers: { [TOOL_REQUEST_ID_HEADER]: requestId } });
}
