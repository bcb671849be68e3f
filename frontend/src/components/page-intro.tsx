import type { ReactNode } from 'react';
import type { PageIntro as PageIntroCopy } from '../content/site-copy-types';

/** The heading block at the top of an inner page; the page's only h1. */
export function PageIntro({ intro, children }: { intro: PageIntroCopy; children?: ReactNode }) {
  return (
    <section className="page-hero">
      <div className="container">
        {intro.eyebrow ? <p className="eyebrow">{intro.eyebrow}</p> : null}
        <h1>{intro.title}</h1>
        <p className="lede">{intro.lede}</p>
        {children}
      </div>
    </section>
  );
}
