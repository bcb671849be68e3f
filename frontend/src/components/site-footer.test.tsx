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

  it('leaves out the social and Why Us links that are not set, and shows those that are', async () => {
    const { container } = await renderInRouter(() => <SiteFooter />);
    await screen.findByText(/All rights reserved/);
    expect(container.querySelectorAll('a[href*="example.com/"], a[href*="linkedin"], a[href*="youtube"]')).toHaveLength(0);
    expect(screen.queryByText(/Why Us/)).toBeNull();
    cleanup();
    await renderInRouter(() => <SiteFooter />, '/', { ...DEFAULT_SITE_CONFIG, social: { linkedIn: 'https://www.linkedin.com/company/agency', youtube: '' } });
    expect((await screen.findByText('LinkedIn')).closest('a')?.getAttribute('href')).toBe('https://www.linkedin.com/company/agency');
    expect(screen.queryByText('YouTube')).toBeNull();
  });

  it('shows the ones that are set', async () => {
    await renderInRouter(() => <SiteFooter />, '/', { ...DEFAULT_SITE_CONFIG, companyNumber: '12345678', vatNumber: '' });
    expect(await screen.findByText('Company No. 12345678')).toBeTruthy();
    expect(screen.queryByText(/VAT No\./)).toBeNull();
  });
});
