import { Link } from '@tanstack/react-router';
import { ArrowLeftIcon } from '../../../components/icons';

/** Shown for a missing case study, or one that could not be loaded. */
export function CaseStudyMissing() {
  return (
    <section className="section status-screen">
      <div className="container narrow center">
        <h1>Entry Not Found</h1>
        <p className="lede">The case study you're looking for doesn't exist or has been moved.</p>
        <div className="button-row center">
          <Link to="/search-lab" className="btn btn-primary">
            <ArrowLeftIcon width={18} height={18} /> Back to Search Lab
          </Link>
        </div>
      </div>
    </section>
  );
}
