import {
  IMAGE_MODEL_KEYS,
  MODEL_PROVIDER_IDS,
  MODEL_PROVIDER_LABELS,
  type ImageAnswer,
  type ImageReading,
  type MainImageCheck,
  type ModelProviderId,
} from '@agency/shared';
import type { ReactNode, Ref } from 'react';
import type { ModelProgress, ToolProgressState } from '../../../api/tool-progress-state';
import { SimulatedTag } from '../../../components/demo-banner';
import { ModelWaiting } from '../../../components/model-waiting';
import { ANALYSIS_FAILED_TEXT, readModelFindings, type ModelFindings } from './image-findings';
import { ImageReportLinks } from './image-report-links';

/** The four vision models in the site's order, with the key of their text in the answer. */
export const IMAGE_MODELS = MODEL_PROVIDER_IDS.map((provider) => ({
  provider,
  key: IMAGE_MODEL_KEYS[provider],
  label: MODEL_PROVIDER_LABELS[provider],
}));

export type ModelCardState = { kind: 'waiting' } | ModelFindings;

const STATUS: Record<ModelCardState['kind'], { label: string; badge: string }> = {
  waiting: { label: 'Waiting', badge: 'badge badge-muted' },
  findings: { label: 'Answered', badge: 'badge badge-success' },
  placeholder: { label: 'Answered', badge: 'badge badge-success' },
  failed: { label: 'Failed', badge: 'badge badge-danger' },
  unavailable: { label: 'Unavailable', badge: 'badge badge-warning' },
};

/** A card from the live progress: waiting, then the same text the answer will hold for the model. */
function cardFromProgress({ status, answer, message }: ModelProgress): ModelCardState {
  if (status === 'waiting') return { kind: 'waiting' };
  return readModelFindings(answer ?? message ?? ANALYSIS_FAILED_TEXT);
}

/** Every card, from the POST answer once there is one, else from the progress so far. */
export function imageModelCards(answer: ImageAnswer | undefined, progress: ToolProgressState): Record<ModelProviderId, ModelCardState> {
  return Object.fromEntries(
    IMAGE_MODELS.map(({ provider, key }) => [provider, answer ? readModelFindings(answer[key]) : cardFromProgress(progress.models[provider])]),
  ) as Record<ModelProviderId, ModelCardState>;
}

interface ImageResultsProps {
  models: Record<ModelProviderId, ModelCardState>;
  /** The finished answer: what each model read, the main-image checks and the alt text. */
  answer: ImageAnswer | undefined;
  /** The analysed image, shown beside the results. */
  image: { url: string; name: string } | undefined;
  finished: boolean;
  headingRef?: Ref<HTMLHeadingElement>;
  /** The stored report's own heading (an h1 with its context); the live page's h2 otherwise. */
  heading?: ReactNode;
  /** Where the image itself is not shown (a stored report): its type and size. */
  imageFacts?: string[] | undefined;
  /** The live page offers the report's link and CSV; the report page itself, only the CSV there. */
  showReportLinks?: boolean;
}

/** The picture beside Amazon's main-image checks and one card per vision model (all plain text). */
export function ImageResults({ models, answer, image, finished, headingRef, heading, imageFacts, showReportLinks = true }: ImageResultsProps) {
  return (
    <section className="section section-tight tool-results" aria-labelledby="image-results-title" aria-busy={!finished}>
      <div className="container">
        <div className="section-head">
          {heading ?? (
            <>
              <p className="eyebrow">Results</p>
              <h2 id="image-results-title" ref={headingRef} tabIndex={-1}>
                What four AI models see
              </h2>
              <p className="lede">What each vision model reads on your image, and whether it would pass as an Amazon main image.</p>
            </>
          )}
        </div>
        <div className="image-report">
          <aside className="image-report-picture">
            {image ? <img src={image.url} alt={answer?.altText || `The analysed image, ${image.name}`} /> : null}
            {imageFacts ? (
              <ul className="image-facts" aria-label="The analysed image">
                {imageFacts.map((fact) => (
                  <li key={fact}>{fact}</li>
                ))}
              </ul>
            ) : null}
            {answer?.altText ? (
              <div className="image-alt-text">
                <p className="coverage-label">
                  Suggested alt text <SimulatedTag simulated={answer.simulated} />
                </p>
                <p>{answer.altText}</p>
              </div>
            ) : null}
          </aside>
          <div className="image-report-body">
            {answer && answer.mainImageChecks.length > 0 ? <MainImageChecks checks={answer.mainImageChecks} /> : null}
            {answer?.disagreement ? (
              <p className="image-disagreement" role="note">
                {answer.disagreement}
              </p>
            ) : null}
            {answer?.consensus ? (
              <p className="image-consensus" role="note">
                {answer.consensus} <SimulatedTag simulated={answer.simulated} />
              </p>
            ) : null}
            <ul className="model-grid image-model-grid">
              {IMAGE_MODELS.map(({ provider, key, label }) => (
                <ModelCard key={provider} label={label} state={models[provider]} reading={answer?.readings[key]} />
              ))}
            </ul>
          </div>
        </div>
        {finished && answer?.reportId && answer.reportUrl && showReportLinks ? <ImageReportLinks reportId={answer.reportId} reportUrl={answer.reportUrl} expiresAt={answer.expiresAt} /> : null}
      </div>
    </section>
  );
}

function MainImageChecks({ checks }: { checks: MainImageCheck[] }) {
  const passed = checks.filter((check) => check.pass).length;
  return (
    <div className="card main-image-checks">
      <h3>
        Amazon main image: {passed} of {checks.length} checks passed
      </h3>
      <ul>
        {checks.map((check) => (
          <li key={check.id} className={check.pass ? 'is-pass' : 'is-fail'}>
            <span className={check.pass ? 'badge badge-success' : 'badge badge-danger'}>{check.pass ? 'Pass' : 'Fail'}</span>
            <span className="main-image-check-text">
              <strong>{check.label}</strong>: {check.figure}
              <span className="main-image-check-rule">{check.rule}</span>
            </span>
          </li>
        ))}
      </ul>
      <p className="main-image-checks-note">Measured on your file itself, not by a model.</p>
    </div>
  );
}

function ModelCard({ label, state, reading }: { label: string; state: ModelCardState; reading: ImageReading | undefined }) {
  const status = STATUS[state.kind];
  return (
    <li className={`card model-card is-${state.kind}`}>
      <div className="model-card-head">
        <h3>{label}</h3>
        <span className={status.badge}>{status.label}</span>
      </div>
      {state.kind === 'waiting' ? (
        <ModelWaiting label={label} />
      ) : state.kind === 'findings' || state.kind === 'placeholder' ? (
        <>
          {reading ? (
            <dl className="image-reading">
              <dt>Product</dt>
              <dd>{reading.product || 'Not recognised'}</dd>
              <dt>Label text read</dt>
              <dd>{reading.labelText.length > 0 ? reading.labelText.join(' · ') : 'None legible'}</dd>
            </dl>
          ) : null}
          <ol className="finding-list">
            {state.findings.map((finding, index) => (
              <li key={`${index}-${finding}`}>{finding}</li>
            ))}
          </ol>
        </>
      ) : (
        <p className="model-message">{state.message}</p>
      )}
    </li>
  );
}
