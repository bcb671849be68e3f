import { Link } from '@tanstack/react-router';
import { useSiteConfig } from '../config/use-site-config';
import { BrandMark, ExternalIcon, LinkedInIcon, MailIcon, YoutubeIcon } from './icons';
import { toolLinks } from './navigation-links';

const companyLinks = [
  { label: 'Blog', to: '/blog' },
  { label: 'FAQ', to: '/faq' },
  { label: 'Contact', to: '/contact' },
  { label: 'Privacy & Terms', to: '/privacy-tos' },
] as const;

export function SiteFooter() {
  const site = useSiteConfig();
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <Link to="/" className="brand brand-on-dark" aria-label={`${site.brandName} home`}>
            <BrandMark />
            <span className="brand-name">{site.brandName}</span>
          </Link>
          <p className="footer-blurb">
            The agentic eCommerce agency helping consumer brands win in AI search and on Amazon.
          </p>
          <ul className="footer-social" aria-label="Social links">
            {site.social.linkedIn ? (
              <li>
                <a href={site.social.linkedIn} target="_blank" rel="noopener noreferrer" aria-label="LinkedIn (opens in a new tab)">
                  <LinkedInIcon />
                </a>
              </li>
            ) : null}
            {site.social.youtube ? (
              <li>
                <a href={site.social.youtube} target="_blank" rel="noopener noreferrer" aria-label="YouTube (opens in a new tab)">
                  <YoutubeIcon />
                </a>
              </li>
            ) : null}
            <li>
              <a href={`mailto:${site.contactEmail}`} aria-label={`Email ${site.contactEmail}`}>
                <MailIcon />
              </a>
            </li>
          </ul>
        </div>
        <nav className="footer-column" aria-labelledby="footer-tools">
          <h2 id="footer-tools" className="footer-heading">
            Free Tools
          </h2>
          <ul>
            {toolLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav className="footer-column" aria-labelledby="footer-company">
          <h2 id="footer-company" className="footer-heading">
            Company
          </h2>
          <ul>
            {site.external.whyUsBlog ? (
              <li>
                <a href={site.external.whyUsBlog} target="_blank" rel="noopener noreferrer">
                  Why Us <ExternalIcon width={13} height={13} />
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            ) : null}
            {companyLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="footer-column">
          <h2 className="footer-heading">Follow Us</h2>
          <ul>
            {[
              { label: 'LinkedIn', href: site.social.linkedIn },
              { label: 'YouTube', href: site.social.youtube },
            ]
              .filter(({ href }) => href)
              .map(({ label, href }) => (
                <li key={label}>
                  <a href={href} target="_blank" rel="noopener noreferrer">
                    {label}
                    <span className="visually-hidden"> (opens in a new tab)</span>
                  </a>
                </li>
              ))}
            <li>
              <a href={`mailto:${site.contactEmail}`}>{site.contactEmail}</a>
            </li>
          </ul>
        </div>
      </div>
      <div className="container">
        <div className="footer-legal">
          <p>
            © {new Date().getFullYear()} {site.brandName}. All rights reserved.
          </p>
          {/* Registration details only when the deployment sets them (SITE_COMPANY_NUMBER, SITE_VAT_NUMBER). */}
          {site.companyNumber || site.vatNumber ? (
            <p>
              {[site.companyNumber && `Company No. ${site.companyNumber}`, site.vatNumber && `VAT No. ${site.vatNumber}`].filter(Boolean).join(' · ')}
            </p>
          ) : null}
        </div>
      </div>
    </footer>
  );
}
