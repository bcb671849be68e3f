import type { AuditBrandRow } from '@agency/shared';
import { SimulatedTag } from '../../../components/demo-banner';

const BRANDS_SHOWN = 10;

/** How the answers describe each brand: their tone, counted in answers, and the qualities they give it. */
export function AuditSentiment({ brands, simulated }: { brands: readonly AuditBrandRow[]; simulated: boolean }) {
  const described = brands.filter((brand) => brand.sentiment && brand.sentiment.positive + brand.sentiment.neutral + brand.sentiment.negative > 0).slice(0, BRANDS_SHOWN);
  if (described.length === 0) return null;
  return (
    <section className="card audit-sentiment" aria-labelledby="audit-sentiment-title">
      <h2 id="audit-sentiment-title" className="h3-size">
        How each brand is described <SimulatedTag simulated={simulated} />
      </h2>
      <ul className="audit-sentiment-list">
        {described.map((brand) => {
          const { positive, neutral, negative } = brand.sentiment!;
          return (
            <li key={brand.name}>
              <p className="audit-sentiment-brand">
                <strong>{brand.name}</strong>{' '}
                <span className="audit-sentiment-counts">
                  <span className="is-positive">{positive} positive</span> · <span>{neutral} neutral</span> · <span className="is-negative">{negative} negative</span>
                </span>
              </p>
              {brand.attributes && brand.attributes.length > 0 ? (
                <p className="audit-sentiment-attributes">
                  {brand.attributes
                    .slice(0, 5)
                    .map((said) => `${said.attribute} (${said.answers})`)
                    .join(', ')}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
