import { SEMANTIC_EXPANSION_STAGE_LABELS, SEMANTIC_EXPANSION_STAGES, type StageProgressStatus } from '@agency/shared';
import type { ToolProgressState } from '../../../api/tool-progress-state';
import { CheckIcon, CloseIcon } from '../../../components/icons';

const STATUS_TEXT: Record<StageProgressStatus, string> = {
  pending: 'Not started',
  running: 'In progress',
  finished: 'Done',
  failed: 'Failed',
  skipped: 'Skipped',
};

/** The live status line: what the job is doing now. */
export function semanticExpansionStatusText(progress: ToolProgressState): string {
  if (progress.phase === 'queued') return 'Analysing... waiting for a free worker.';
  const running = SEMANTIC_EXPANSION_STAGES.filter((stage) => progress.stages[stage].status === 'running');
  if (running.length > 0) return `Analysing... ${running.map((stage) => SEMANTIC_EXPANSION_STAGE_LABELS[stage].toLowerCase()).join(' and ')}.`;
  return 'Analysing... preparing your results.';
}

/** Semantic Expansion's three stages while it runs, each with what came of it ("12 queries"). */
export function SemanticExpansionProgress({ progress }: { progress: ToolProgressState }) {
  return (
    <ol className="stage-list" aria-label="Progress">
      {SEMANTIC_EXPANSION_STAGES.map((stage) => {
        const { status, message } = progress.stages[stage];
        return (
          <li key={stage} className={`stage is-${status}`}>
            <span className="stage-mark" aria-hidden="true">
              {status === 'finished' ? <CheckIcon width={14} height={14} /> : status === 'failed' ? <CloseIcon width={14} height={14} /> : null}
            </span>
            <span className="stage-text">
              <span className="stage-label">{SEMANTIC_EXPANSION_STAGE_LABELS[stage]}</span>
              <span className="stage-detail">
                {STATUS_TEXT[status]}
                {message ? ` · ${message}` : ''}
              </span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
