import { Link } from '@tanstack/react-router';

/** The not-found screen; the server answers it with HTTP 404 and the head carries noindex. */
export function NotFoundScreen() {
  return (
    <section className="section status-screen">
      <div className="container narrow center">
        <p className="status-code" aria-hidden="true">
          404
        </p>
        <h1>404 Page Not Found</h1>
        <p className="lede">The page you're looking for doesn't exist or has been moved.</p>
        <div className="button-row center">
          <Link to="/" className="btn btn-primary">
            Go to Homepage
          </Link>
          <Link to="/services" className="btn btn-secondary">
            Browse Our Services
          </Link>
        </div>
      </div>
    </section>
  );
}
