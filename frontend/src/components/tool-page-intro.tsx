import type { ToolCopy } from '../content/site-copy-types';
import { DemoBanner } from './demo-banner';
import { PageIntro } from './page-intro';
import { SectionHead } from './section-head';

/** Hero of a free tool page: what the tool does and that it is free; in demo mode, a banner saying its answers are simulated. */
export function ToolPageIntro({ tool }: { tool: ToolCopy }) {
  return (
    <>
      <DemoBanner />
      <PageIntro intro={tool.intro} />
    </>
  );
}

/** The tool's "how it works" steps. */
export function ToolSteps({ tool }: { tool: ToolCopy }) {
  return (
    <section className="section section-tint" aria-labelledby="how-it-works">
      <div className="container">
        <SectionHead id="how-it-works" title="How it works" />
        <ol className="steps">
          {tool.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </div>
    </section>
  );
}
