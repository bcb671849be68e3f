import { CtaBand } from '../../../components/cta-band';
import { CtaLink } from '../../../components/cta-link';
import { ArrowRightIcon, CheckIcon } from '../../../components/icons';
import { PageIntro } from '../../../components/page-intro';
import { auditOffer, serviceOffers, servicesClosing, servicesIntro } from '../../../content/services-copy';
import type { ServiceOffer } from '../../../content/site-copy-types';

function OfferPoints({ offer }: { offer: ServiceOffer }) {
  return (
    <ul className="check-list">
      {offer.points.map((point) => (
        <li key={point}>
          <CheckIcon width={16} height={16} />
          {point}
        </li>
      ))}
    </ul>
  );
}

export default function ServicesPage() {
  return (
    <>
      <PageIntro intro={servicesIntro} />
      <section className="section" aria-label="Services">
        <div className="container">
          <div className="grid grid-3">
            {serviceOffers.map((offer, index) => (
              <article className="card card-hover" key={offer.id} id={offer.id}>
                <span className="card-number" aria-hidden="true">
                  {index + 1}
                </span>
                <h2 className="h3-size">{offer.title}</h2>
                <p>{offer.summary}</p>
                <OfferPoints offer={offer} />
                <div className="card-footer">
                  <CtaLink cta={offer.cta} className="btn btn-secondary btn-small">
                    <ArrowRightIcon width={16} height={16} />
                  </CtaLink>
                </div>
              </article>
            ))}
          </div>

          <article className="card card-feature audit-offer" id={auditOffer.id}>
            <div>
              <p className="eyebrow">One-off engagement</p>
              <h2>{auditOffer.title}</h2>
              <p>{auditOffer.summary}</p>
              <CtaLink cta={auditOffer.cta} className="btn btn-primary">
                <ArrowRightIcon width={18} height={18} />
              </CtaLink>
            </div>
            <OfferPoints offer={auditOffer} />
          </article>
        </div>
      </section>
      <CtaBand title={servicesClosing.title} text={servicesClosing.lede}>
        <CtaLink cta={servicesClosing.primaryCta} className="btn btn-primary" />
        <CtaLink cta={servicesClosing.secondaryCta} className="btn btn-on-dark" />
      </CtaBand>
    </>
  );
}
