export function CaseStudySkeleton() {
  return (
    <div className="container narrow article-header" aria-busy="true" aria-label="Loading case study">
      <span className="skeleton skeleton-line" style={{ width: 160 }} />
      <span className="skeleton skeleton-title" style={{ height: 40, marginTop: 24 }} />
      <span className="skeleton skeleton-line" />
      <span className="skeleton skeleton-line" />
      <span className="skeleton skeleton-line" style={{ width: '60%' }} />
    </div>
  );
}
