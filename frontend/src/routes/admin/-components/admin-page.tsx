import { lazy, Suspense, useEffect, useState } from 'react';

/**
 * The panel's code is its own chunk, fetched once the page is running in the browser: the server
 * cannot see the local-storage flag, and the public pages' entry then lists only this small file.
 */
const AdminApp = lazy(() => import('./admin-app'));

function AdminLoading() {
  return (
    <section className="section status-screen">
      <p className="lede center" role="status">
        Loading admin panel...
      </p>
    </section>
  );
}

/** /admin: the login form, or the dashboard once signed in. */
export default function AdminPage() {
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);
  if (!inBrowser) return <AdminLoading />;
  return (
    <Suspense fallback={<AdminLoading />}>
      <AdminApp />
    </Suspense>
  );
}
