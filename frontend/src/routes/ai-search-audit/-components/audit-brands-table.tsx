import type { AuditBrandRow, AuditRunAnswers } from '@agency/shared';
import { AUDIT_MODEL_KEYS } from '@agency/shared';
import { AUDIT_MODELS } from './audit-model-states';
import { AuditTableScroll } from './audit-table-scroll';

interface AuditBrandsTableProps {
  brands: AuditBrandRow[];
  runAnswers: AuditRunAnswers;
  /** The visitor's brand's row name (its first name), highlighted. */
  ownBrand: string | undefined;
  /** The competitors' row names, marked. */
  competitors: readonly string[];
  title: string;
}

const MAX_ROWS = 15;

/**
 * Brand × engine: how many of the engine's answers name the brand, and the best place it took.
 * The visitor's brand and competitors always have a row, named or not, even past the first rows.
 */
export function AuditBrandsTable({ brands, runAnswers, ownBrand, competitors, title }: AuditBrandsTableProps) {
  const engines = AUDIT_MODELS.filter(({ provider }) => (runAnswers[AUDIT_MODEL_KEYS[provider]]?.length ?? 0) > 0);
  const measured = [...(ownBrand ? [ownBrand] : []), ...competitors];
  const rows = [
    ...brands.filter((brand, index) => index < MAX_ROWS || measured.includes(brand.name)),
    ...measured.filter((name) => !brands.some((brand) => brand.name === name)).map((name): AuditBrandRow => ({ name, mentions: {}, firstPosition: {} })),
  ];
  return (
    <section className="card audit-brands" aria-labelledby="audit-brands-title">
      <h2 id="audit-brands-title" className="h3-size">
        {title}
      </h2>
      {brands.length === 0 || engines.length === 0 ? (
        <p>No answer recommended a brand by name.</p>
      ) : (
        <>
          <AuditTableScroll label="Brands by model">
            <table className="audit-brands-table">
              <caption className="visually-hidden">For each brand and model: answers naming it, and its best position among the brands of an answer</caption>
              <thead>
                <tr>
                  <th scope="col">Brand</th>
                  {engines.map(({ provider, label }) => (
                    <th key={provider} scope="col">
                      {label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((brand) => {
                  const own = brand.name === ownBrand;
                  const competitor = !own && competitors.includes(brand.name);
                  return (
                    <tr key={brand.name} className={own ? 'is-own' : competitor ? 'is-competitor' : undefined}>
                      <th scope="row">
                        {brand.name}
                        {own ? <span className="badge audit-row-tag">You</span> : competitor ? <span className="badge audit-row-tag">Competitor</span> : null}
                      </th>
                      {engines.map(({ provider }) => {
                        const key = AUDIT_MODEL_KEYS[provider];
                        const named = brand.mentions[key] ?? 0;
                        const answers = runAnswers[key]?.length ?? 0;
                        const position = brand.firstPosition[key];
                        return (
                          <td key={provider} className={named === 0 ? 'is-absent' : undefined}>
                            {named === 0 ? (
                              <>
                                <span aria-hidden="true">–</span>
                                <span className="visually-hidden">not in any of {answers} answers</span>
                              </>
                            ) : (
                              <>
                                <span>
                                  {named}/{answers}
                                </span>
                                {position ? <small> #{position}</small> : null}
                              </>
                            )}
                          </td>
                        );
                      })}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </AuditTableScroll>
          <p className="form-notice">“2/3 #1”: named in 2 of the model’s 3 answers, first among the brands of at least one of them.</p>
        </>
      )}
    </section>
  );
}
