import type { ReactNode } from 'react';
import { useSiteConfig } from '../config/use-site-config';
import './demo-banner.css';

/**
 * Shown at the top of every tool page and report while demo mode is on (or when a report's answers
 * were simulated), so that simulated answers never pass for a real measurement.
 */
export function DemoBanner({ simulated, children }: { simulated?: boolean | undefined; children?: ReactNode }) {
  const { demoMode } = useSiteConfig();
  if (!(simulated ?? demoMode)) return null;
  return (
    <div className="demo-banner" role="note" aria-label="Demo mode">
      <div className="container">
        <strong>Demo mode: simulated answers.</strong> This site&apos;s AI tools answer from a simulator: no real AI model or web
        search is asked, so no answer, brand, source or score they show is a real measurement. {children}
      </div>
    </div>
  );
}

/** "simulated", beside a score or figure, while its answers were simulated. */
export function SimulatedTag({ simulated }: { simulated?: boolean | undefined }) {
  const { demoMode } = useSiteConfig();
  if (!(simulated ?? demoMode)) return null;
  return <span className="simulated-tag">simulated</span>;
}
