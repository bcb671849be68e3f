const ADMIN_PREFIX = '/api/admin/';
const LOGIN_PATH = '/api/admin/login';
const OTHER_ADMIN_PATHS = new Set(['/api/contact-messages']);

/**
 * What a request path needs: every /api/admin/* path but login, and contact messages,
 * need a session; login needs only the same-origin check; everything else is public.
 */
export type AdminAccess = 'public' | 'login' | 'session';

export function adminAccess(path: string): AdminAccess {
  const normalised = path.toLowerCase().replace(/\/+$/, '');
  if (normalised === LOGIN_PATH) return 'login';
  return normalised.startsWith(ADMIN_PREFIX) || OTHER_ADMIN_PATHS.has(normalised) ? 'session' : 'public';
}

export function isStateChanging(method: string): boolean {
  return method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
}
