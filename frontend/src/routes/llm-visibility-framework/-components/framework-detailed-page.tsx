import { Link } from '@tanstack/react-router';
import { CtaBand } from '../../../components/cta-band';
import { CheckIcon } from '../../../components/icons';
import { PageIntro } from '../../../components/page-intro';
import { frameworkDetailedIntro, pillars } from '../../../content/framework-copy';

export default function FrameworkDetailedPage() {
  return (
    <>
      <PageIntro intro={frameworkDetailedIntro} />
      <section className="section" aria-label="The seven pillars in detail">
        <div className="container stack">
          {pillars.map((pillar) => (
            <article className="card pillar-detail" key={pillar.number} aria-labelledby={`pillar-${pillar.number}`}>
              <span className="pillar-number" aria-hidden="true">
                {String(pillar.number).padStart(2, '0')}
              </span>
              <div>
                <h2 id={`pillar-${pillar.number}`} className="h3-size">
                  <span className="visually-hidden">Pillar {pillar.number}: </span>
                  {pillar.title}
                </h2>
                <p>{pillar.description}</p>
                <ul className="check-list">
                  {pillar.details.map((detail) => (
                    <li key={detail}>
                      <CheckIcon width={16} height={16} />
                      {detail}
                    </li>
                  ))}
                </ul>
              </div>
              <div className="output-box">
                <h3 className="output-heading">Output</h3>
                <p>{pillar.output}</p>
              </div>
            </article>
          ))}
        </div>
      </section>
      <CtaBand title="Ready to put the framework to work?">
        <Link to="/contact" className="btn btn-primary">
          Get Started
        </Link>
        <Link to="/llm-visibility-framework" className="btn btn-on-dark">
          Back to the Overview
        </Link>
      </CtaBand>
    </>
  );
}
