import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LightMarkup } from './light-markup';

describe('LightMarkup', () => {
  it('renders formatting as elements and links in a new tab without an opener', () => {
    const { container } = render(<LightMarkup source={'Read **this** and *that*, __underlined__.\nThen [visit](https://example.com).'} />);
    expect(container.querySelector('strong')?.textContent).toBe('this');
    expect(container.querySelector('em')?.textContent).toBe('that');
    expect(container.querySelector('u')?.textContent).toBe('underlined');
    expect(container.querySelectorAll('br')).toHaveLength(1);
    const link = screen.getByRole('link', { name: 'visit' });
    expect(link.getAttribute('href')).toBe('https://example.com/');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it("opens links to the site's own pages in the same tab, and others in a new one", () => {
    render(<LightMarkup source={'[ours](https://agency.example/blog/a) [theirs](https://agency.example.net/x) [http](http://agency.example/faq)'} siteUrl="https://agency.example" />);
    const ours = screen.getByRole('link', { name: 'ours' });
    expect(ours.getAttribute('target')).toBeNull();
    expect(ours.getAttribute('rel')).toBeNull();
    expect(screen.getByRole('link', { name: 'theirs' }).getAttribute('target')).toBe('_blank');
    // Another scheme is another origin.
    expect(screen.getByRole('link', { name: 'http' }).getAttribute('target')).toBe('_blank');
  });

  it('opens a site path such as /contact in the same tab, with or without the site address', () => {
    render(<LightMarkup source={'[contact](/contact) [faq](/faq#pricing)'} siteUrl="https://agency.example" />);
    const contact = screen.getByRole('link', { name: 'contact' });
    expect(contact.getAttribute('href')).toBe('/contact');
    expect(contact.getAttribute('target')).toBeNull();
    expect(screen.getByRole('link', { name: 'faq' }).getAttribute('target')).toBeNull();
    const { container } = render(<LightMarkup source={'[again](/contact)'} />);
    expect(container.querySelector('a')?.getAttribute('target')).toBeNull();
  });

  it('shows hostile content as text and creates no script, handler or unsafe link', () => {
    const source =
      '<script>window.hacked = true</script><img src=x onerror="window.hacked = true">' +
      '[x](javascript:window.hacked=true) [y](data:text/html,<script>alert(1)</script>) <a href="javascript:alert(1)">z</a>';
    const { container } = render(<LightMarkup source={source} />);
    expect(container.querySelector('script, img, iframe, [onerror]')).toBeNull();
    expect(container.querySelectorAll('a')).toHaveLength(0);
    expect(container.textContent).toContain('<script>window.hacked = true</script>');
    expect((window as unknown as { hacked?: boolean }).hacked).toBeUndefined();
  });
});
