import { Link } from '@tanstack/react-router';
import { Accordion } from 'radix-ui';
import { CtaBand } from '../../../components/cta-band';
import { ChevronDownIcon } from '../../../components/icons';
import { useSiteConfig } from '../../../config/use-site-config';
import { visibleFaqGroups } from './visible-faq-groups';

export default function FaqPage() {
  const groups = visibleFaqGroups(undefined, useSiteConfig().demoMode);
  return (
    <>
      <section className="page-hero">
        <div className="container">
          <p className="eyebrow">FAQ</p>
          <h1>Frequently Asked Questions</h1>
          <p className="lede">Answers about who we are, what we do, our free tools and how to get started.</p>
        </div>
      </section>
      <section className="section">
        <div className="container narrow">
          {/* One accordion for the whole page: one answer open at a time, and it can be closed. */}
          <Accordion.Root type="single" collapsible>
            {groups.map((group) => (
              <section className="faq-group" key={group.id} aria-labelledby={`faq-${group.id}`}>
                <h2 id={`faq-${group.id}`}>{group.title}</h2>
                {group.items.map((item, index) => (
                  <Accordion.Item className="faq-item" value={`${group.id}-${index}`} key={item.question}>
                    <Accordion.Header asChild>
                      <h3>
                        <Accordion.Trigger className="faq-trigger">
                          {item.question}
                          <ChevronDownIcon />
                        </Accordion.Trigger>
                      </h3>
                    </Accordion.Header>
                    {/* Mounted while closed (hidden by CSS) so every answer is in the server's HTML. */}
                    <Accordion.Content className="faq-answer" forceMount>
                      {item.answer.split(/\n\s*\n/).map((paragraph) => (
                        <p key={paragraph.slice(0, 40)}>{paragraph}</p>
                      ))}
                    </Accordion.Content>
                  </Accordion.Item>
                ))}
              </section>
            ))}
          </Accordion.Root>
        </div>
      </section>
      <CtaBand title="Still have questions?" text="Try our free tools or talk to our team about your brand.">
        <Link to="/ai-search-audit" className="btn btn-primary">
          Try AI Search Audit
        </Link>
        <Link to="/contact" className="btn btn-on-dark">
          Contact Us
        </Link>
        <Link to="/contact" className="btn btn-on-dark">
          Get Started Today
        </Link>
      </CtaBand>
    </>
  );
}
