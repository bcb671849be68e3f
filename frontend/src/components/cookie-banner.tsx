import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { CloseIcon } from './icons';

/** The local-storage key and the value Accept stores. */
export const COOKIES_ACCEPTED_KEY = 'cookiesAccepted';
export const COOKIES_ACCEPTED_VALUE = 'true';

function storedChoice(): string | null {
  try {
    return window.localStorage.getItem(COOKIES_ACCEPTED_KEY);
  } catch {
    return null;
  }
}

/**
 * Shown while cookiesAccepted is not set. Accept stores it; Close hides the banner for
 * this view only. The server cannot see local storage, so the banner appears after hydration.
 */
export function CookieBanner() {
  const [visible, setVisible] = useState(false);
  const banner = useRef<HTMLElement>(null);

  useEffect(() => {
    setVisible(storedChoice() === null);
  }, []);

  // Toasts rise above the banner while it shows, so they never cover its buttons: the space it
  // takes at the bottom of the window goes into --cookie-banner-space (global.css, toasts).
  useEffect(() => {
    const element = banner.current;
    if (!visible || !element) return;
    const root = document.documentElement;
    const measure = () => root.style.setProperty('--cookie-banner-space', `${Math.ceil(window.innerHeight - element.getBoundingClientRect().top)}px`);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(element);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
      root.style.removeProperty('--cookie-banner-space');
    };
  }, [visible]);

  if (!visible) return null;

  const accept = () => {
    try {
      window.localStorage.setItem(COOKIES_ACCEPTED_KEY, COOKIES_ACCEPTED_VALUE);
    } catch {
      // Storage refused (private mode): the banner still goes away for this view.
    }
    setVisible(false);
  };

  return (
    <section className="cookie-banner" aria-label="Cookie notice" ref={banner}>
      <p className="cookie-text">
        We use cookies to improve your experience. By continuing, you accept our cookie policy.{' '}
        <Link to="/privacy-tos" className="cookie-link">
          Learn more <span className="visually-hidden">about cookies and your privacy</span>
        </Link>
      </p>
      <div className="cookie-actions">
        <button type="button" className="btn btn-primary btn-small" onClick={accept}>
          Accept
        </button>
        <button type="button" className="icon-button" aria-label="Close cookie banner" onClick={() => setVisible(false)}>
          <CloseIcon />
        </button>
      </div>
    </section>
  );
}
