const ADMIN_PREFIX = '/api/admin/';
const PUBLIC_ADMIN_PATHS = new Set(['/api/admin/login']);
const OTHER_ADMIN_PATHS = new Set(['/api/contact-messages']);

/** Which request paths need an admin session (CONTRACT): all of /api/admin/* but login, plus contact messages. */
export function requiresAdminSession(path: string): boolean {
  const normalised = path.toLowerCase().replace(/\/+$/, '');
  if (PUBLIC_ADMIN_PATHS.has(normalised)) return false;
  return normalised.startsWith(ADMIN_PREFIX) || OTHER_ADMIN_PATHS.has(normalised);
}

export function isStateChanging(method: string): boolean {
  return method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
}
