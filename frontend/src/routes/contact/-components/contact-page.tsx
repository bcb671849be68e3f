import { MailIcon, SparkIcon } from '../../../components/icons';
import { PageIntro } from '../../../components/page-intro';
import { useSiteConfig } from '../../../config/use-site-config';
import { contactDetailsIntro, contactIntro, contactOffer } from '../../../content/contact-copy';
import { ContactForm } from './contact-form';

export default function ContactPage() {
  const site = useSiteConfig();
  return (
    <>
      <PageIntro intro={contactIntro} />
      <section className="section">
        <div className="container contact-layout">
          <ContactForm />
          <aside className="contact-aside" aria-label="Other ways to reach us">
            <div className="card card-feature">
              <span className="card-icon" aria-hidden="true">
                <SparkIcon />
              </span>
              <h2 className="h3-size">{contactOffer.title}</h2>
              <p>{contactOffer.text}</p>
            </div>
            <div className="card">
              <span className="card-icon" aria-hidden="true">
                <MailIcon />
              </span>
              <h2 className="h3-size">Email us</h2>
              <p>{contactDetailsIntro}</p>
              <a className="text-link" href={`mailto:${site.contactEmail}`}>
                {site.contactEmail}
              </a>
            </div>
          </aside>
        </div>
      </section>
    </>
  );
}
