import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { caseStudiesQuery } from '../../../api/case-study-queries';
import { ArrowRightIcon, ChatIcon } from '../../../components/icons';

function EntriesSkeleton() {
  return (
    <div className="grid grid-2" aria-busy="true" aria-label="Loading case studies">
      {Array.from({ length: 4 }, (_, index) => (
        <div className="card" key={index} aria-hidden="true">
          <span className="skeleton skeleton-line" style={{ width: '40%' }} />
          <span className="skeleton skeleton-title" />
          <span className="skeleton skeleton-line" />
          <span className="skeleton skeleton-line" style={{ width: '75%' }} />
        </div>
      ))}
    </div>
  );
}

export default function SearchLabListPage() {
  const entries = useQuery(caseStudiesQuery());
  return (
    <>
      <section className="page-hero">
        <div className="container">
          <p className="eyebrow">LLM Search Lab</p>
          <h1>How AI assistants really recommend products</h1>
          <p className="lede">
            Case studies from our lab: real questions put to AI assistants, the brands they named and what made the difference.
          </p>
        </div>
      </section>
      <section className="section">
        <div className="container">
          {entries.isPending ? (
            <EntriesSkeleton />
          ) : entries.data && entries.data.length > 0 ? (
            <div className="grid grid-2">
              {entries.data.map((entry) => (
                <article className="card card-hover" key={entry.id}>
                  <span className="card-icon" aria-hidden="true">
                    <ChatIcon />
                  </span>
                  <p className="eyebrow">Case Study</p>
                  <h2 className="h3-size">
                    <Link to="/search-lab/$slug" params={{ slug: entry.slug }} className="post-card-link">
                      {entry.title}
                    </Link>
                  </h2>
                  <p className="clamp-3">{entry.summary}</p>
                  <div className="card-footer">
                    <span className="text-link" aria-hidden="true">
                      Read the case study <ArrowRightIcon width={16} height={16} />
                    </span>
                  </div>
                </article>
              ))}
            </div>
          ) : (
            <p className="empty-state">No case studies available at the moment. Check back soon for new insights!</p>
          )}
        </div>
      </section>
    </>
  );
}
