import { Link, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { CallToAction } from '../content/site-copy-types';

/** A call-to-action from the copy: an internal route or an external page in a new tab. */
export function CtaLink({ cta, className, children }: { cta: CallToAction; className: string; children?: ReactNode }) {
  if (/^https?:\/\//.test(cta.href)) {
    return (
      <a href={cta.href} className={className} target="_blank" rel="noopener noreferrer">
        {cta.label}
        {children}
      </a>
    );
  }
  return (
    <Link to={cta.href as NonNullable<LinkProps['to']>} className={className}>
      {cta.label}
      {children}
    </Link>
  );
}
