import { Link } from '@tanstack/react-router';
import { CtaBand } from '../../../components/cta-band';
import { ArrowRightIcon } from '../../../components/icons';
import { PageIntro } from '../../../components/page-intro';
import { SectionHead } from '../../../components/section-head';
import { frameworkIntro, pillars } from '../../../content/framework-copy';

export default function FrameworkOverviewPage() {
  return (
    <>
      <PageIntro intro={frameworkIntro}>
        <div className="button-row">
          <Link to="/llm-visibility-framework-detailed" className="btn btn-primary">
            See the Framework in Detail <ArrowRightIcon width={18} height={18} />
          </Link>
        </div>
      </PageIntro>
      <section className="section" aria-labelledby="pillars-heading">
        <div className="container">
          <SectionHead id="pillars-heading" title="The seven pillars" />
          <ol className="grid grid-3 pillar-grid">
            {pillars.map((pillar) => (
              <li className="card card-hover" key={pillar.number}>
                <span className="card-number" aria-hidden="true">
                  {pillar.number}
                </span>
                <h3>
                  <span className="visually-hidden">Pillar {pillar.number}: </span>
                  {pillar.title}
                </h3>
                <p>{pillar.description}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>
      <CtaBand title="Find out where your brand stands today">
        <Link to="/ai-search-audit" className="btn btn-primary">
          Try the Free AI Search Audit
        </Link>
        <Link to="/contact" className="btn btn-on-dark">
          Talk to Our Team
        </Link>
      </CtaBand>
    </>
  );
}
