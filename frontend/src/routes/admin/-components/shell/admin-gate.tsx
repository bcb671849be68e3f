import { type ReactNode, useEffect } from 'react';
import { useAdminSession, verifyAdminSession } from '../../../../api/admin-session';
import { AdminLogin } from './admin-login';
import './admin.css';
import '../editor/editor.css';

/** The editors' pages: the login until the server session is confirmed, as on /admin. */
export function AdminGate({ children }: { children: ReactNode }) {
  const session = useAdminSession();
  useEffect(() => {
    void verifyAdminSession();
  }, []);
  if (session === 'unknown') return null;
  return session === 'signed-in' ? children : <AdminLogin />;
}
