import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SITE_CONFIG } from '../../../config/site-config';
import { renderInRouter } from '../../../test-support/render-in-router';
import AmazonRufusRadarPage from './amazon-rufus-radar-page';

const configured = { ...DEFAULT_SITE_CONFIG, external: { ...DEFAULT_SITE_CONFIG.external, rufusRadar: 'https://radar.agency.example/app' } };

describe('the Amazon Rufus Radar page', () => {
  afterEach(cleanup);

  it('says the tool is not connected, and frames no placeholder, when no address is set', async () => {
    const { container } = await renderInRouter(() => <AmazonRufusRadarPage />);
    expect(await screen.findByRole('heading', { name: 'Amazon Rufus Radar is not connected on this site' })).toBeTruthy();
    expect(container.querySelector('iframe')).toBeNull();
    expect(container.querySelector('a[href*="example.com"]')).toBeNull();
  });

  it('keeps a link to open the tool in a new tab once the frame has loaded', async () => {
    const { container } = await renderInRouter(() => <AmazonRufusRadarPage />, '/', configured);
    const frame = await waitFor(() => {
      const found = container.querySelector('iframe');
      if (!found) throw new Error('no frame yet');
      return found;
    });
    expect(frame.getAttribute('src')).toBe('https://radar.agency.example/app');
    fireEvent.load(frame);
    const link = await screen.findByRole('link', { name: /Open Amazon Rufus Radar in a new tab/ });
    expect(link.getAttribute('href')).toBe('https://radar.agency.example/app');
    expect(link.getAttribute('target')).toBe('_blank');
  });
});
