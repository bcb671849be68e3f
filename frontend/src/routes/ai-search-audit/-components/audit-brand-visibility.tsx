import { AUDIT_MODEL_KEYS, brandVisibilityScore, positionRange, wholePercent, type AuditBrandVisibility } from '@agency/shared';
import { SimulatedTag } from '../../../components/demo-banner';
import { enginesWithFigures } from './audit-model-states';
import { AuditTableScroll } from './audit-table-scroll';

const percent = (value: number) => `${wholePercent(value)}%`;

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
        {enginesWithFigures(engines).map(({ provider, label }) => {
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

/** How one model treated a subject, in a few words. */
function engineText(engine: AuditBrandVisibility['engines'][keyof AuditBrandVisibility['engines']]): string {
  if (engine === undefined) return 'No answer';
  if (engine.mentionedIn === 0) return `Not named in ${engine.answers} ${engine.answers === 1 ? 'answer' : 'answers'}`;
  return `${engine.mentionedIn} of ${engine.answers}, position ${positionRange(engine.positions)}`;
}

/** The visitor's brand and each competitor side by side, every figure from the stored report. */
export function AuditCompetitorComparison({
  visibility,
  competitors,
  simulated,
}: {
  visibility: AuditBrandVisibility | null;
  competitors: readonly AuditBrandVisibility[];
  simulated: boolean | undefined;
}) {
  const subjects = [...(visibility ? [visibility] : []), ...competitors];
  const columns = enginesWithFigures(subjects[0]?.engines ?? {});
  return (
    <section className="card audit-comparison" aria-labelledby="audit-comparison-title">
      <h2 id="audit-comparison-title" className="h3-size">
        {visibility ? `${visibility.brand} beside your competitors` : 'Your competitors across every answer'} <SimulatedTag simulated={simulated} />
      </h2>
      <AuditTableScroll label="Brand and competitors compared">
        <table className="audit-brands-table audit-comparison-table">
          <caption className="visually-hidden">For your brand and each competitor: answers naming it, its 95% range, share of voice, average position and each model’s answers</caption>
          <thead>
            <tr>
              <th scope="col">Brand</th>
              <th scope="col">Visibility</th>
              <th scope="col">Mentioned</th>
              <th scope="col">95% range</th>
              <th scope="col">Share of voice</th>
              <th scope="col">Average position</th>
              {columns.map(({ provider, label }) => (
                <th key={provider} scope="col">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {subjects.map((subject, index) => (
              <tr key={subject.brand} className={visibility && index === 0 ? 'is-own' : 'is-competitor'}>
                <th scope="row">{subject.brand}</th>
                <td>{brandVisibilityScore(subject)}%</td>
                <td>
                  {subject.mentionedIn} of {subject.answers}
                </td>
                <td>
                  {percent(subject.low)}–{percent(subject.high)}
                </td>
                <td>{percent(subject.shareOfVoice)}</td>
                <td>{subject.averagePosition === null ? 'not named' : `#${subject.averagePosition}`}</td>
                {columns.map(({ provider }) => (
                  <td key={provider}>{engineText(subject.engines[AUDIT_MODEL_KEYS[provider]])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </AuditTableScroll>
    </section>
  );
}
