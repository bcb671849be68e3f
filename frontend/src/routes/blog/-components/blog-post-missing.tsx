import { Link } from '@tanstack/react-router';
import { ArrowLeftIcon } from '../../../components/icons';

/** Shown for a missing post, or one that could not be loaded. */
export function BlogPostMissing() {
  return (
    <section className="section status-screen">
      <div className="container narrow center">
        <h1>Blog Post Not Found</h1>
        <p className="lede">The article you're looking for doesn't exist or has been moved.</p>
        <div className="button-row center">
          <Link to="/blog" className="btn btn-primary">
            <ArrowLeftIcon width={18} height={18} /> Back to Blog
          </Link>
        </div>
      </div>
    </section>
  );
}
