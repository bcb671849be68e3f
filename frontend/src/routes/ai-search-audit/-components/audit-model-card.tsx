import { ModelWaiting } from '../../../components/model-waiting';
import { mentionSegments } from './audit-mentions';
import { UNAVAILABLE_TEXT, type AuditModelCardState } from './audit-model-states';

const BADGES: Record<AuditModelCardState['kind'], string> = {
  waiting: 'Waiting',
  active: 'Active',
  error: 'Error',
  unavailable: 'Unavailable',
};

interface AuditModelCardProps {
  label: string;
  state: AuditModelCardState;
  /** Mentions of this name are highlighted in the answer. */
  subject?: string | undefined;
}

/** One model's answer as plain text (never HTML; line breaks kept), or why there is none. */
export function AuditModelCard({ label, state, subject }: AuditModelCardProps) {
  return (
    <li className={`card audit-model-card is-${state.kind}`}>
      <div className="audit-model-head">
        <h3>{label}</h3>
        <span className={`badge audit-status is-${state.kind}`}>{BADGES[state.kind]}</span>
      </div>
      <ModelCardBody label={label} state={state} subject={subject} />
    </li>
  );
}

function ModelCardBody({ label, state, subject }: AuditModelCardProps) {
  switch (state.kind) {
    case 'waiting':
      return <ModelWaiting label={label} />;
    case 'active':
      return (
        <p className="audit-answer">
          {subject
            ? mentionSegments(state.answer, subject).map((segment, index) =>
                segment.mention ? <mark key={index}>{segment.text}</mark> : segment.text,
              )
            : state.answer}
        </p>
      );
    case 'error':
      return <p className="audit-model-message">{state.message}</p>;
    case 'unavailable':
      return <p className="audit-model-message">{UNAVAILABLE_TEXT}</p>;
  }
}
