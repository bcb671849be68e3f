import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AuditMethodCard } from './audit-method-card';

describe('the method card', () => {
  afterEach(cleanup);

  it('names when, where, how many answers and the model each engine says answered', () => {
    const { container } = render(
      <AuditMethodCard
        method={{ askedAt: '2026-11-26T17:41:00.000Z', location: 'United Kingdom', language: 'en-GB', runs: 3, models: { claude: 'claude-x', perplexity: 'sonar' } }}
        simulated
      />,
    );
    const text = container.textContent?.replace(/\s+/g, ' ') ?? '';
    expect(text).toContain('Asked26 November 2026, 17:41 UTC');
    expect(text).toContain('United Kingdom, en-GB');
    expect(text).toContain('3 with web search, asked at once, and 1 with search off');
    expect([...container.querySelectorAll('.audit-method-models li')].map((item) => item.textContent)).toEqual(['Claude: claude-x', 'Perplexity: sonar']);
    expect(text).toContain('Simulated answers (demo mode)');
  });
});
