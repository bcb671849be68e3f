import type { ReactNode } from 'react';

/** The form, with the live model cards below it while an audit runs. */
export function AuditFormSection({ label, live, children }: { label: string; live: ReactNode; children: ReactNode }) {
  return (
    <section className="section section-tight audit-section" aria-label={label}>
      <div className="container">
        <div className="audit-form-wrap">{children}</div>
        {live}
      </div>
    </section>
  );
}
