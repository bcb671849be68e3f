import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderInRouter } from '../test-support/render-in-router';
import { CookieBanner, COOKIES_ACCEPTED_KEY } from './cookie-banner';

const TEXT = 'We use cookies to improve your experience. By continuing, you accept our cookie policy.';

describe('CookieBanner', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanup);

  it('shows the notice with a Learn more link while nothing is stored', async () => {
    await renderInRouter(() => <CookieBanner />);
    expect(await screen.findByText(TEXT, { exact: false })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Learn more about cookies and your privacy' }).getAttribute('href')).toBe('/privacy-tos');
    expect(screen.getByRole('button', { name: 'Accept' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Close cookie banner' })).toBeTruthy();
  });

  it("Accept stores cookiesAccepted='true' and the banner stays away on the next load", async () => {
    const first = await renderInRouter(() => <CookieBanner />);
    const accept = await screen.findByRole('button', { name: 'Accept' });
    act(() => {
      fireEvent.click(accept);
    });
    expect(localStorage.getItem(COOKIES_ACCEPTED_KEY)).toBe('true');
    expect(screen.queryByText(TEXT, { exact: false })).toBeNull();
    first.unmount();

    await renderInRouter(() => <CookieBanner />);
    expect(screen.queryByText(TEXT, { exact: false })).toBeNull();
  });

  it('Close hides it for this view only and stores nothing, so it returns on the next load', async () => {
    const first = await renderInRouter(() => <CookieBanner />);
    const close = await screen.findByRole('button', { name: 'Close cookie banner' });
    act(() => {
      fireEvent.click(close);
    });
    expect(screen.queryByText(TEXT, { exact: false })).toBeNull();
    expect(localStorage.getItem(COOKIES_ACCEPTED_KEY)).toBeNull();
    first.unmount();

    await renderInRouter(() => <CookieBanner />);
    expect(await screen.findByText(TEXT, { exact: false })).toBeTruthy();
  });
});
