import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * A wide table in a region that scrolls sideways on a narrow screen: the region can take keyboard
 * focus (arrow keys scroll it) and is named, and while some of the table is out of view a line
 * says so and an edge shadow shows where the rest is.
 */
export function AuditTableScroll({ label, children }: { label: string; children: ReactNode }) {
  const region = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = region.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <>
      {overflows ? (
        <p className="audit-scroll-cue" aria-hidden="true">
          Scroll sideways to see every column →
        </p>
      ) : null}
      <div ref={region} className={`audit-table-scroll${overflows ? ' is-overflowing' : ''}`} role="region" aria-label={label} tabIndex={0}>
        {children}
      </div>
    </>
  );
}
