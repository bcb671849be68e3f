import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SITE_CONFIG } from '../config/site-config';
import { renderInRouter } from '../test-support/render-in-router';
import { SiteFooter } from './site-footer';

describe('SiteFooter', () => {
  afterEach(cleanup);

  it('shows no company or VAT number when none is set', async () => {
    const { container } = await renderInRouter(() => <SiteFooter />);
    await screen.findByText(/All rights reserved/);
    expect(container.textContent).not.toMatch(/Company No\.|VAT No\./);
  });

  it('shows the ones that are set', async () => {
    await renderInRouter(() => <SiteFooter />, '/', { ...DEFAULT_SITE_CONFIG, companyNumber: '12345678', vatNumber: '' });
    expect(await screen.findByText('Company No. 12345678')).toBeTruthy();
    expect(screen.queryByText(/VAT No\./)).toBeNull();
  });
});
