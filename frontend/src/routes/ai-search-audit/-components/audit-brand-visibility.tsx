import { AUDIT_MODEL_KEYS, positionRange, type AuditBrandVisibility } from '@agency/shared';
import { SimulatedTag } from '../../../components/demo-banner';
import { AUDIT_MODELS } from './audit-model-states';

const percent = (value: number) => `${Math.round(value * 100)}%`;

/** The visitor's brand across every answer: k of n with its interval, share of voice, positions per model. */
export function AuditBrandVisibility({ visibility, simulated }: { visibility: AuditBrandVisibility; simulated: boolean | undefined }) {
  const { brand, mentionedIn, answers, low, high, shareOfVoice, averagePosition, engines } = visibility;
  return (
    <section className="card audit-brand-visibility" aria-labelledby="audit-brand-visibility-title">
      <h2 id="audit-brand-visibility-title" className="h3-size">
        {brand} across every answer
      </h2>
      <dl className="audit-stats">
        <div>
          <dt>Mentioned</dt>
          <dd>
            in {mentionedIn} of {answers} answers <SimulatedTag simulated={simulated} />
            <small className="audit-interval">
              95% range {percent(low)}–{percent(high)}
            </small>
          </dd>
        </div>
        <div>
          <dt>Share of voice</dt>
          <dd>
            {percent(shareOfVoice)} <SimulatedTag simulated={simulated} />
            <small className="audit-interval">of all brand mentions</small>
          </dd>
        </div>
        <div>
          <dt>Average position</dt>
          <dd>
            {averagePosition === null ? 'not named' : `#${averagePosition}`} <SimulatedTag simulated={simulated} />
          </dd>
        </div>
      </dl>
      <ul className="audit-engine-positions" aria-label={`Where each model put ${brand}`}>
        {AUDIT_MODELS.map(({ provider, label }) => {
          const engine = engines[AUDIT_MODEL_KEYS[provider]];
          return (
            <li key={provider}>
              <span>{label}</span>
              <span>
                {engine === undefined
                  ? 'No answer'
                  : engine.mentionedIn === 0
                    ? `Not named in ${engine.answers} ${engine.answers === 1 ? 'answer' : 'answers'}`
                    : `Named in ${engine.mentionedIn} of ${engine.answers}, position ${positionRange(engine.positions)}`}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
