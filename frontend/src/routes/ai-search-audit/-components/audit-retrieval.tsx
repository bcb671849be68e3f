import { AUDIT_MODEL_KEYS, MODEL_PROVIDER_LABELS, SEARCH_ENGINE_IDS, type RetrievalRow, type WebsitePage } from '@agency/shared';
import { SimulatedTag } from '../../../components/demo-banner';

const ROWS_SHOWN = 8;

/**
 * What each engine read against what it cited, per site (only engines whose API says what they
 * read), and which of the visitor's pages were read and which cited.
 */
export function AuditRetrieval({
  retrieval,
  websitePages,
  website,
  simulated,
}: {
  retrieval: Partial<Record<string, RetrievalRow[]>>;
  websitePages: readonly WebsitePage[];
  website: string | null | undefined;
  simulated: boolean;
}) {
  const engines = SEARCH_ENGINE_IDS.flatMap((id) => {
    const rows = retrieval[AUDIT_MODEL_KEYS[id]];
    return rows ? [{ id, label: MODEL_PROVIDER_LABELS[id], rows }] : [];
  });
  if (engines.length === 0 && !website) return null;
  const label = (keys: readonly string[]) =>
    SEARCH_ENGINE_IDS.filter((id) => keys.includes(AUDIT_MODEL_KEYS[id]))
      .map((id) => MODEL_PROVIDER_LABELS[id])
      .join(', ');
  return (
    <section className="card audit-retrieval" aria-labelledby="audit-retrieval-title">
      <h2 id="audit-retrieval-title" className="h3-size">
        Read vs cited <SimulatedTag simulated={simulated} />
      </h2>
      <p className="form-notice">Answers in which each engine read a page of the site, and answers in which it cited one. Grok does not say what it read.</p>
      {website ? (
        <>
          <h3 className="audit-method-subtitle">Your pages</h3>
          {websitePages.length === 0 ? (
            <p>No engine read or cited a page of {website}.</p>
          ) : (
            <ul className="audit-website-pages">
              {websitePages.map((page) => (
                <li key={page.url} className={page.citedBy.length === 0 ? 'is-uncited' : undefined}>
                  <span className="audit-page-url">{page.url}</span>{' '}
                  <span>
                    Read by {label(page.readBy)}; {page.citedBy.length === 0 ? 'cited by none' : `cited by ${label(page.citedBy)}`}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}
      {engines.map(({ id, label: engine, rows }) => (
        <details key={id} className="audit-retrieval-engine">
          <summary>
            {engine}: {rows.length} {rows.length === 1 ? 'site' : 'sites'} read, {rows.filter((row) => row.cited > 0).length} cited
          </summary>
          <ol className="audit-domain-list">
            {rows.slice(0, ROWS_SHOWN).map((row) => (
              <li key={row.domain}>
                <span className="audit-domain-name">{row.domain}</span>
                <span className="audit-domain-count">
                  read {row.retrieved}, cited {row.cited}
                </span>
              </li>
            ))}
          </ol>
        </details>
      ))}
    </section>
  );
}
