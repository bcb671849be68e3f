import { countLabel, type SiteSearchKind, type SiteSearchResult } from '@agency/shared';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { normaliseSearchQuery, searchQueryProblem, siteSearchQuery } from '../../../api/site-search-queries';
import { SearchIcon } from '../../../components/icons';
import { searchRoute } from '../search.route';

const KIND_LABELS: Record<SiteSearchKind, string> = {
  post: 'Blog post',
  'case-study': 'Case study',
  video: 'Video',
  faq: 'FAQ',
  page: 'Page',
};

function ResultItem({ result }: { result: SiteSearchResult }) {
  return (
    <li className="search-result">
      <p className="eyebrow">{KIND_LABELS[result.kind]}</p>
      <h2 className="h3-size">
        {/* A plain link, same tab: every result is a page of this site (a FAQ result an anchor on /faq). */}
        <a href={result.path} className="search-result-link">
          {result.title}
        </a>
      </h2>
      <p className="search-snippet">
        {result.snippet.map((part, index) => (part.match ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>))}
      </p>
    </li>
  );
}

function SearchResults({ query }: { query: string }) {
  const search = useQuery(siteSearchQuery(query));
  if (search.isPending) {
    return (
      <p className="search-status" role="status">
        Searching…
      </p>
    );
  }
  if (search.isError) {
    return (
      <p className="search-status" role="status">
        Search is not available right now. Please try again in a moment.
      </p>
    );
  }
  const { results, correctedQuery } = search.data;
  if (results.length === 0) {
    return (
      <div className="search-empty" role="status">
        <p>
          <strong>No results for “{query}”.</strong>
        </p>
        <p>
          Try fewer or different words, or browse the <Link to="/blog">blog</Link>, the <Link to="/search-lab">Search Lab</Link>, our{' '}
          <Link to="/youtube-channel">videos</Link> or the <Link to="/faq">FAQ</Link>.
        </p>
      </div>
    );
  }
  return (
    <>
      <p className="search-status" role="status">
        {`${countLabel(results.length, 'result')} for “${correctedQuery ?? query}”`}
        {correctedQuery ? ` (nothing matched “${query}”)` : null}
      </p>
      <ol className="search-results">
        {results.map((result) => (
          <ResultItem result={result} key={`${result.kind}:${result.path}:${result.title}`} />
        ))}
      </ol>
    </>
  );
}

export default function SearchPage() {
  const { q } = searchRoute.useSearch();
  const query = normaliseSearchQuery(q);
  const problem = q === undefined ? undefined : searchQueryProblem(query);
  const navigate = useNavigate();
  const [draft, setDraft] = useState(q ?? '');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const inputId = useId();
  const errorId = useId();

  // The form works without script (GET /search?q=); with it, the router navigates.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = normaliseSearchQuery(draft);
    const invalid = searchQueryProblem(next);
    setFieldError(invalid);
    if (invalid) {
      (event.currentTarget.elements.namedItem('q') as HTMLInputElement | null)?.focus();
      return;
    }
    void navigate({ to: '/search', search: { q: next } });
  };

  const shownError = fieldError ?? (query !== '' ? problem : undefined);
  return (
    <>
      <section className="page-hero">
        <div className="container">
          <p className="eyebrow">Search</p>
          <h1>{query && !problem ? `Results for “${query}”` : 'Search the site'}</h1>
          <p className="lede">Posts, case studies, videos, answers from our FAQ and the pages of the site, free tools included.</p>
          <form className="search-form" role="search" aria-label="Refine your search" action="/search" method="get" onSubmit={submit} noValidate>
            <div className="field">
              <label htmlFor={inputId}>Search for</label>
              <div className="search-form-row">
                <input
                  id={inputId}
                  className="input"
                  type="search"
                  name="q"
                  value={draft}
                  onChange={(event) => setDraft(event.target.value)}
                  aria-invalid={shownError ? true : undefined}
                  aria-describedby={shownError ? errorId : undefined}
                  autoComplete="off"
                />
                <button type="submit" className="btn btn-primary">
                  <SearchIcon /> Search
                </button>
              </div>
              {shownError ? (
                <p className="field-error" id={errorId}>
                  {shownError}
                </p>
              ) : null}
            </div>
          </form>
        </div>
      </section>
      <section className="section">
        <div className="container narrow">
          {query === '' || problem ? (
            <p className="search-empty">Type a word or phrase above to search our blog posts, case studies, videos, FAQ and free tools.</p>
          ) : (
            <SearchResults query={query} />
          )}
        </div>
      </section>
    </>
  );
}
