import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ComingSoonPage } from './coming-soon-page.js';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('The page has no #root element.');

createRoot(rootElement).render(
  <StrictMode>
    <ComingSoonPage />
  </StrictMode>,
);
