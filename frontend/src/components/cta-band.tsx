import type { ReactNode } from 'react';

export function CtaBand({ title, text, children }: { title: string; text?: string; children: ReactNode }) {
  return (
    <section className="section">
      <div className="container">
        <div className="cta-band">
          <h2>{title}</h2>
          {text ? <p>{text}</p> : null}
          <div className="button-row">{children}</div>
        </div>
      </div>
    </section>
  );
}
