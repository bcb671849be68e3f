import { AUDIT_MODEL_KEYS, MODEL_PROVIDER_LABELS, SEARCH_ENGINE_IDS, type AuditMethod } from '@agency/shared';

/** The moment, in UTC, as the method card shows it: "26 November 2026, 17:41 UTC". */
function askedAtText(iso: string): string {
  const date = new Date(iso);
  const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
  const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' }).format(date);
  return `${day}, ${time} UTC`;
}

/**
 * How the figures were made: who answered (the model id each provider says answered), when, from
 * where and in what language, how many answers per engine, and how mentions, citations and the
 * interval are counted.
 */
export function AuditMethodCard({ method, simulated }: { method: AuditMethod; simulated: boolean }) {
  const models = SEARCH_ENGINE_IDS.flatMap((id) => {
    const model = method.models[AUDIT_MODEL_KEYS[id]];
    return model ? [{ id, label: MODEL_PROVIDER_LABELS[id], model }] : [];
  });
  return (
    <section className="card audit-method" aria-labelledby="audit-method-title">
      <h2 id="audit-method-title" className="h3-size">
        How these figures were made
      </h2>
      <dl className="audit-method-list">
        <div>
          <dt>Asked</dt>
          <dd>
            <time dateTime={method.askedAt}>{askedAtText(method.askedAt)}</time>
          </dd>
        </div>
        <div>
          <dt>Location and language</dt>
          <dd>
            {method.location}, {method.language} (the engines' location hint and the instructions)
          </dd>
        </div>
        <div>
          <dt>Answers per engine</dt>
          <dd>
            {method.runs} with web search, asked at once, and 1 with search off
          </dd>
        </div>
        <div>
          <dt>Models that answered</dt>
          <dd>
            {models.length === 0 ? (
              'None'
            ) : (
              <ul className="audit-method-models">
                {models.map(({ id, label, model }) => (
                  <li key={id}>
                    {label}: <code>{model}</code>
                  </li>
                ))}
              </ul>
            )}
            {simulated ? <small> Simulated answers (demo mode): no real model was asked.</small> : null}
          </dd>
        </div>
      </dl>
      <h3 className="audit-method-subtitle">Counting</h3>
      <ul className="audit-method-rules">
        <li>
          <strong>A mention</strong> is an answer that names the brand as a whole word (any of the names given, capitals ignored), outside sentences saying nothing
          was found about it. An answer naming it twice counts once.
        </li>
        <li>
          <strong>A citation</strong> is a page the engine linked as a source of its answer; a page it read without linking counts as retrieved, not cited.
        </li>
        <li>
          <strong>The range</strong> beside a rate is its 95% Wilson interval: with this few answers, the true rate for this question lies in that range 19 times in
          20. Answers that were cut off or declined are left out.
        </li>
        <li>
          <strong>Tone and qualities</strong> come from one model reading every answer; each quality is kept only when the answer's own words say it.
        </li>
      </ul>
    </section>
  );
}
