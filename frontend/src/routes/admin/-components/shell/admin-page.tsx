import { lazy, Suspense, useEffect, useState } from 'react';
import { useSiteConfig } from '../../../../config/use-site-config';

/**
 * The panel's code is its own chunk, fetched once the page is running in the browser: the server
 * cannot see the local-storage flag, and the public pages' entry then lists only this small file.
 */
const AdminApp = lazy(() => import('./admin-app'));

function AdminLoading() {
  const site = useSiteConfig();
  return (
    <section className="section status-screen">
      <h1 className="visually-hidden">{`${site.brandName} Admin`}</h1>
      <p className="lede center" role="status">
        Loading admin panel...
      </p>
    </section>
  );
}

/** /admin and its tabs: the login form, or the dashboard once signed in. */
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
