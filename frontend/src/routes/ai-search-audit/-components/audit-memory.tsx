import { AUDIT_MODEL_KEYS, MODEL_PROVIDER_LABELS, SEARCH_ENGINE_IDS, type EngineMemory } from '@agency/shared';
import { SimulatedTag } from '../../../components/demo-banner';

const yesNo = (value: boolean | null) => (value === null ? 'no answer' : value ? 'yes' : 'no');

/**
 * Memory vs live search per engine: whether the model names the brand when asked with search
 * off, beside whether its searched answers did, and the pair read as one sentence.
 */
export function AuditMemory({ memory, brand, simulated }: { memory: Partial<Record<string, EngineMemory>>; brand: string | undefined; simulated: boolean }) {
  const engines = SEARCH_ENGINE_IDS.flatMap((id) => {
    const engine = memory[AUDIT_MODEL_KEYS[id]];
    return engine && engine.mentioned !== null ? [{ id, label: MODEL_PROVIDER_LABELS[id], engine }] : [];
  });
  if (!brand || engines.length === 0) return null;
  return (
    <section className="card audit-memory" aria-labelledby="audit-memory-title">
      <h2 id="audit-memory-title" className="h3-size">
        Memory vs live search <SimulatedTag simulated={simulated} />
      </h2>
      <p className="form-notice">Each engine was also asked once with web search off: the same question and instructions, answered from what the model knows.</p>
      <ul className="audit-memory-list">
        {engines.map(({ id, label, engine }) => (
          <li key={id}>
            <p className="audit-memory-engine">
              <strong>{label}</strong>{' '}
              <span>
                Knows {brand} from memory: <strong>{yesNo(engine.mentioned)}</strong>
              </span>{' '}
              <span>
                Found by search: <strong>{yesNo(engine.foundBySearch)}</strong>
              </span>
            </p>
            {engine.reading ? <p className="audit-memory-reading">{engine.reading}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
