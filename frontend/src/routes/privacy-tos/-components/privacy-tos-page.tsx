import { Link } from '@tanstack/react-router';
import { privacyLastUpdated, privacySections } from '../../../content/privacy-copy';

export default function PrivacyTosPage() {
  return (
    <>
      <section className="page-hero">
        <div className="container narrow">
          <p className="eyebrow">Legal</p>
          <h1>Privacy Policy, Cookies and Terms</h1>
          <p className="lede">{privacyLastUpdated}</p>
        </div>
      </section>
      <section className="section">
        <div className="container narrow legal">
          {privacySections.map((section) => (
            <section key={section.heading} aria-labelledby={slug(section.heading)}>
              <h2 id={slug(section.heading)}>{section.heading}</h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph.slice(0, 40)}>{paragraph}</p>
              ))}
              {section.list ? (
                <ul>
                  {section.list.map((item) => (
                    <li key={item.slice(0, 40)}>{item}</li>
                  ))}
                </ul>
              ) : null}
            </section>
          ))}
          <p>
            Questions? <Link to="/contact">Contact us through our contact form</Link>.
          </p>
        </div>
      </section>
    </>
  );
}

function slug(heading: string): string {
  return heading.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}
