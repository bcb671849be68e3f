/** Shown while a post loads after an in-app navigation (the server sends posts fully rendered). */
export function BlogPostSkeleton() {
  return (
    <div className="container narrow article-header" aria-busy="true" aria-label="Loading article">
      <span className="skeleton skeleton-line" style={{ width: 120 }} />
      <span className="skeleton skeleton-title" style={{ height: 40, marginTop: 24 }} />
      <span className="skeleton skeleton-line" />
      <span className="skeleton skeleton-line" style={{ width: '60%' }} />
      <span className="skeleton skeleton-media" style={{ marginTop: 24, borderRadius: 18 }} />
    </div>
  );
}
