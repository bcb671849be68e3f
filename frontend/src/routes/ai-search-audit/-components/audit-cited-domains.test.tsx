import { CITED_DOMAINS_SHOWN, type AuditRunAnswers } from '@agency/shared';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AuditCitedDomains } from './audit-cited-domains';

const answers = (count: number): AuditRunAnswers => ({
  openai: [
    {
      text: 'a',
      brands: [],
      searchQueries: [],
      grounded: true,
      citations: Array.from({ length: count }, (_, index) => ({ url: `https://site-${String(index).padStart(2, '0')}.example/`, title: 't' })),
    },
  ],
});

describe('the cited sources', () => {
  afterEach(cleanup);

  it('lists the first few, then every one on request, in the shared order', () => {
    const { container } = render(<AuditCitedDomains runAnswers={answers(18)} website={null} />);
    const names = () => [...container.querySelectorAll('.audit-domain-name')].map((name) => name.textContent);
    expect(names()).toHaveLength(CITED_DOMAINS_SHOWN);
    fireEvent.click(screen.getByRole('button', { name: 'Show all 18 sources' }));
    expect(names()).toHaveLength(18);
    expect(names()[0]).toBe('site-00.example');
    expect(names()[17]).toBe('site-17.example');
    expect(screen.getByRole('button', { name: `Show the top ${CITED_DOMAINS_SHOWN} only` }).getAttribute('aria-expanded')).toBe('true');
  });

  it('has no button when every source is already shown', () => {
    render(<AuditCitedDomains runAnswers={answers(CITED_DOMAINS_SHOWN)} website={null} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
