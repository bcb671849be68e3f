import { AUDIT_MODEL_KEYS, CITED_DOMAINS_SHOWN, citedDomains, websiteCitedBy, type AuditRunAnswers } from '@agency/shared';
import { useState } from 'react';
import { AUDIT_MODELS } from './audit-model-states';

/** The sites the answers cited, most cited first (the first few, then all on request), the visitor's own marked; and which models cited it. */
export function AuditCitedDomains({ runAnswers, website }: { runAnswers: AuditRunAnswers; website: string | null | undefined }) {
  const [showAll, setShowAll] = useState(false);
  const domains = citedDomains(runAnswers, website);
  const citedBy = websiteCitedBy(runAnswers, website);
  const shown = showAll ? domains : domains.slice(0, CITED_DOMAINS_SHOWN);
  return (
    <section className="card audit-domains" aria-labelledby="audit-domains-title">
      <h2 id="audit-domains-title" className="h3-size">
        Sources the models cited
      </h2>
      {domains.length === 0 ? (
        <p>No answer cited a source.</p>
      ) : (
        <>
          <ol className="audit-domain-list" id="audit-domain-list">
            {shown.map(({ domain, count, own }) => (
              <li key={domain} className={own ? 'is-own' : undefined}>
                <span className="audit-domain-name">{domain}</span>
                {own ? <span className="badge audit-own-site">Your site</span> : null}
                <span className="audit-domain-count">
                  {count} {count === 1 ? 'citation' : 'citations'}
                </span>
              </li>
            ))}
          </ol>
          {domains.length > CITED_DOMAINS_SHOWN ? (
            <p className="audit-domains-more">
              <button type="button" className="btn btn-secondary" aria-expanded={showAll} aria-controls="audit-domain-list" onClick={() => setShowAll((value) => !value)}>
                {showAll ? `Show the top ${CITED_DOMAINS_SHOWN} only` : `Show all ${domains.length} sources`}
              </button>
            </p>
          ) : null}
        </>
      )}
      {website ? (
        <ul className="audit-engine-positions" aria-label="Which models cited your site">
          {AUDIT_MODELS.map(({ provider, label }) => {
            const cited = citedBy[AUDIT_MODEL_KEYS[provider]];
            return (
              <li key={provider}>
                <span>{label}</span>
                <span>{cited === undefined ? 'No answer' : cited ? 'Cited your site' : 'Did not cite your site'}</span>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
