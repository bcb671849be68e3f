import type { BrandSources, GapDomain } from '@agency/shared';
import { SimulatedTag } from '../../../components/demo-banner';

/**
 * Where competitors are cited and the visitor is not (the sites to get listed on), then, for each
 * brand, the sites cited in the answers that name it.
 */
export function AuditBrandSources({
  brandSources,
  gapDomains,
  brand,
  simulated,
}: {
  brandSources: readonly BrandSources[];
  gapDomains: readonly GapDomain[];
  brand: string | undefined;
  simulated: boolean;
}) {
  const withDomains = brandSources.filter((row) => row.domains.length > 0);
  if (withDomains.length === 0 && gapDomains.length === 0) return null;
  return (
    <section className="card audit-brand-sources" aria-labelledby="audit-brand-sources-title">
      <h2 id="audit-brand-sources-title" className="h3-size">
        Sources behind each brand <SimulatedTag simulated={simulated} />
      </h2>
      {brand ? (
        <>
          <h3 className="audit-method-subtitle">Where to get listed</h3>
          {gapDomains.length === 0 ? (
            <p>No site cites two or more competitors without also citing {brand}.</p>
          ) : (
            <ol className="audit-domain-list audit-gap-list">
              {gapDomains.map((gap) => (
                <li key={gap.domain}>
                  <span className="audit-domain-name">{gap.domain}</span>
                  <span className="audit-domain-count">
                    cited for {gap.competitors.join(', ')} in {gap.answers} {gap.answers === 1 ? 'answer' : 'answers'}; never for {brand}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </>
      ) : null}
      <details className="audit-brand-sources-all">
        <summary>Sites cited in the answers naming each brand</summary>
        <ul className="audit-brand-source-list">
          {withDomains.map((row) => (
            <li key={row.brand}>
              <strong>{row.brand}</strong>:{' '}
              {row.domains.map((domain, index) => (
                <span key={domain.domain}>
                  {index > 0 ? ', ' : ''}
                  {domain.domain} ({domain.answers})
                </span>
              ))}
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}
