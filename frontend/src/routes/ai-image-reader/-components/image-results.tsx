import { IMAGE_MODEL_KEYS, MODEL_PROVIDER_IDS, MODEL_PROVIDER_LABELS, type ImageAnswer, type ModelProviderId } from '@agency/shared';
import type { Ref } from 'react';
import type { ModelProgress, ToolProgressState } from '../../../api/tool-progress-state';
import { ModelWaiting } from '../../../components/model-waiting';
import { ANALYSIS_FAILED_TEXT, readModelFindings, type ModelFindings } from './image-findings';

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
  finished: boolean;
  headingRef: Ref<HTMLHeadingElement>;
}

/** One card per vision model: waiting, then up to three findings or the reason it has none (plain text). */
export function ImageResults({ models, finished, headingRef }: ImageResultsProps) {
  return (
    <section className="section section-tight tool-results" aria-labelledby="image-results-title" aria-busy={!finished}>
      <div className="container">
        <div className="section-head">
          <p className="eyebrow">Results</p>
          <h2 id="image-results-title" ref={headingRef} tabIndex={-1}>
            What four AI models see
          </h2>
          <p className="lede">The top findings from each vision model, side by side.</p>
        </div>
        <ul className="model-grid">
          {IMAGE_MODELS.map(({ provider, label }) => (
            <ModelCard key={provider} label={label} state={models[provider]} />
          ))}
        </ul>
      </div>
    </section>
  );
}

function ModelCard({ label, state }: { label: string; state: ModelCardState }) {
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
        <ol className="finding-list">
          {state.findings.map((finding, index) => (
            <li key={`${index}-${finding}`}>{finding}</li>
          ))}
        </ol>
      ) : (
        <p className="model-message">{state.message}</p>
      )}
    </li>
  );
}
