import { useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';

/** How long to wait for a page's heading (a lazily loaded page renders it a moment later). */
const HEADING_WAIT_MS = 2000;

/**
 * After the browser moves to another page (not on the first load, not for a #anchor on the same
 * page), focus goes to the new page's main heading, so keyboard and screen-reader users start
 * there rather than on the link they clicked, and the page's title is announced in a polite live
 * region. A control inside `data-keeps-focus` (tabs with addresses) keeps it.
 */
export function RouteAnnouncer() {
  const address = useRouterState({
    select: (state) => (state.resolvedLocation ? `${state.resolvedLocation.pathname}${state.resolvedLocation.searchStr}` : undefined),
  });
  const previous = useRef(address);
  const [message, setMessage] = useState('');

  useEffect(() => {
    if (address === undefined || address === previous.current) return;
    const first = previous.current === undefined;
    previous.current = address;
    if (first) return;
    // A control that changes the address itself (the admin's tabs) keeps focus: the page stays.
    if (document.activeElement?.closest('[data-keeps-focus]')) {
      setMessage(document.title);
      return;
    }
    let frame = 0;
    const started = performance.now();
    const settle = () => {
      const heading = document.querySelector<HTMLElement>('main h1');
      if (!heading && performance.now() - started < HEADING_WAIT_MS) {
        frame = requestAnimationFrame(settle);
        return;
      }
      if (heading) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
      }
      setMessage(document.title);
    };
    frame = requestAnimationFrame(settle);
    return () => cancelAnimationFrame(frame);
  }, [address]);

  return (
    <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {message}
    </p>
  );
}
