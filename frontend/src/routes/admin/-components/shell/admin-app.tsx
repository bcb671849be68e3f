import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ADMIN_QUERY_ROOT } from '../../../../api/admin-queries';
import { useAdminSession, verifyAdminSession } from '../../../../api/admin-session';
import { AdminDashboard } from './admin-dashboard';
import { AdminLogin } from './admin-login';
import './admin.css';
import '../editor/editor.css';

/**
 * The login, or Content Management once signed in. The server session decides: it is checked on
 * load, and meanwhile the local-storage flag lets a reload show the panel at once.
 */
export default function AdminApp() {
  const session = useAdminSession();
  const queryClient = useQueryClient();

  useEffect(() => {
    void verifyAdminSession();
  }, []);

  useEffect(() => {
    // Signed out: nothing staff read stays in memory.
    if (session === 'signed-out') queryClient.removeQueries({ queryKey: [ADMIN_QUERY_ROOT] });
  }, [session, queryClient]);

  if (session === 'unknown') return null;
  return session === 'signed-in' ? <AdminDashboard /> : <AdminLogin />;
}
