import { RouterClient } from '@tanstack/react-router/ssr/client';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createQueryClient } from './api/query-client';
import { DEFAULT_SITE_CONFIG } from './config/site-config';
import { createAppRouter } from './router';
import './styles/global.css';

// The real site config arrives with the page and replaces the placeholder before the first render.
const router = createAppRouter({ queryClient: createQueryClient(), siteConfig: DEFAULT_SITE_CONFIG });

// After the browser has painted the server's HTML (a visible page waits one frame), and as a
// transition, so hydration yields every few milliseconds instead of holding the main thread in
// one long task: the page shows and answers input sooner (make bench, Lighthouse LCP and TBT).
function hydrate(): void {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RouterClient router={router} />
      </StrictMode>,
    );
  });
}

if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(hydrate, 0));
else hydrate();
