import { useSiteConfig } from '../../../config/use-site-config';

/** Placeholder: the admin panel (login and content management) is built in the tools-and-admin issue. */
export default function AdminPage() {
  const site = useSiteConfig();
  return (
    <section className="section status-screen">
      <div className="container narrow center">
        <h1>{site.brandName} Admin</h1>
        <p className="lede">The content management panel is not available yet.</p>
      </div>
    </section>
  );
}
