import { RouterClient } from '@tanstack/react-router/ssr/client';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createQueryClient } from './api/query-client';
import { PLACEHOLDER_SITE_CONFIG } from './config/placeholder-site-config';
import { createAppRouter } from './router';
import './styles/global.css';

// The real site config arrives with the page and replaces the placeholder before the first render.
const router = createAppRouter({ queryClient: createQueryClient(), siteConfig: PLACEHOLDER_SITE_CONFIG });

hydrateRoot(
  document,
  <StrictMode>
    <RouterClient router={router} />
  </StrictMode>,
);
