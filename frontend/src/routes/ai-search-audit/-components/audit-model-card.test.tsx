import { storedInsightFields, type AuditAnswer } from '@agency/shared';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { endingCountLines } from './audit-ending-counts';
import { AuditModelCard, CUT_OFF_TEXT } from './audit-model-card';
import { cardFromAnswer } from './audit-model-states';
import { sourceDomain, sourceHref } from './audit-sources';

const citations = [
  { url: 'https://www.corvel.example/shop?id=1', title: 'Corvel | Running shoes' },
  { url: 'https://review.example/best', title: '<img src=x onerror=alert(1)> The best shoes', citedText: 'Corvel came first.' },
  { url: 'javascript:alert(1)', title: 'Not a page' },
];

describe('an answered model card', () => {
  afterEach(cleanup);

  it('shows the answer with numbered markers linking to its sources, highlighted mentions, and the searches', () => {
    const { container } = render(
      <ul>
        <AuditModelCard
          id="results-openai"
          label="ChatGPT"
          highlights={[{ name: 'Corvel', own: true }]}
          state={{ kind: 'active', answer: 'Corvel leads. [1][2] Not a marker: [9].', citations, searchQueries: ['running shoes uk', 'corvel reviews'], grounded: true }}
        />
      </ul>,
    );
    const answer = container.querySelector('.audit-answer')!;
    expect(answer.textContent).toBe('Corvel leads.[1][2] Not a marker: [9].');
    expect(within(answer as HTMLElement).getByText('Corvel').tagName).toBe('MARK');
    const markers = [...answer.querySelectorAll('a.audit-source-marker')];
    expect(markers.map((marker) => [marker.textContent, marker.getAttribute('href'), marker.getAttribute('aria-label')])).toEqual([
      ['[1]', '#results-openai-source-1', 'Source 1: corvel.example'],
      ['[2]', '#results-openai-source-2', 'Source 2: review.example'],
    ]);
    expect(screen.getByText('Searched for:').parentElement?.textContent).toBe('Searched for: “running shoes uk”, “corvel reviews”');

    const list = screen.getByRole('list', { name: 'Sources' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.id)).toEqual(['results-openai-source-1', 'results-openai-source-2', 'results-openai-source-3']);
    expect(items[0]!.textContent).toBe('corvel.exampleCorvel | Running shoes');
    const link = within(items[0]!).getByRole('link', { name: 'Corvel | Running shoes' });
    expect(link.getAttribute('href')).toBe('https://www.corvel.example/shop?id=1');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(link.getAttribute('target')).toBe('_blank');
    // Titles are text, never markup; an address that is not http(s) is not a link.
    expect(items[1]!.querySelector('img')).toBeNull();
    expect(within(items[1]!).getByRole('link').textContent).toBe('<img src=x onerror=alert(1)> The best shoes');
    expect(within(items[2]!).queryByRole('link')).toBeNull();
    expect(container.querySelectorAll('img')).toHaveLength(0);
  });

  it('names a source titled with its site name once', () => {
    render(
      <ul>
        <AuditModelCard id="g" label="Gemini" state={{ kind: 'active', answer: 'Corvel. [1]', citations: [{ url: 'https://www.corvel.example/p', title: 'corvel.example' }], searchQueries: [] }} />
      </ul>,
    );
    expect(screen.getByRole('list', { name: 'Sources' }).textContent).toBe('corvel.example');
  });

  it('says when the model searched but cited nothing, and when it did not search', () => {
    render(
      <ul>
        <AuditModelCard id="a" label="Claude" state={{ kind: 'active', answer: 'From memory. [1]', citations: [], searchQueries: [], grounded: false }} />
        <AuditModelCard id="b" label="Grok" state={{ kind: 'active', answer: 'Searched.', citations: [], searchQueries: [], grounded: true }} />
      </ul>,
    );
    expect(screen.getByText('Answered from memory, without searching the web.')).toBeTruthy();
    expect(screen.getByText('Searched the web.')).toBeTruthy();
    expect(screen.getAllByText('No sources cited.')).toHaveLength(2);
    expect(screen.getByText('From memory. [1]').querySelector('a')).toBeNull();
  });
});

describe('source addresses', () => {
  it('show the site without www, and link only to http(s) pages', () => {
    expect(sourceDomain('https://www.shop.example/a')).toBe('shop.example');
    expect(sourceDomain('not a url')).toBe('not a url');
    expect(sourceHref('http://shop.example/a b')).toBe('http://shop.example/a%20b');
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', 'not a url']) expect(sourceHref(bad)).toBeUndefined();
  });
});

describe('the model card badge', () => {
  afterEach(cleanup);

  it('says Active while the model is still answering and Answered once all its answers are in', () => {
    const state = { kind: 'active' as const, answer: 'Hi', citations: [], searchQueries: [] };
    render(
      <ul>
        <AuditModelCard id="live-openai" label="ChatGPT" state={state} />
        <AuditModelCard id="results-openai" label="Claude" state={state} finished />
        <AuditModelCard id="results-gemini" label="Gemini" state={{ kind: 'error', message: 'Gemini failed.' }} finished />
      </ul>,
    );
    expect(screen.getAllByText(/^(Active|Answered|Error)$/).map((badge) => badge.textContent)).toEqual(['Active', 'Answered', 'Error']);
  });
});

/** An answer with nothing in it but what a test sets. */
function auditAnswer(overrides: Partial<AuditAnswer>): AuditAnswer {
  return {
    query: 'q',
    responses: {},
    errors: {},
    citations: {},
    searchQueries: {},
    grounded: {},
    ...storedInsightFields(undefined, { askedAt: '2026-01-01T00:00:00.000Z', location: 'United Kingdom', language: 'en-GB', runs: 1, models: {} }),
    endings: {},
    models: {},
    endingCounts: {},
    searchSuggestions: {},
    runs: 3,
    runAnswers: {},
    brands: [],
    visibility: null,
    competitorVisibility: [],
    reportId: 'aXADEgYtkM8Ttyhc1YNWLA',
    reportUrl: '/ai-search-audit/report/aXADEgYtkM8Ttyhc1YNWLA',
    ...overrides,
  };
}

describe('how an answer ended', () => {
  afterEach(cleanup);

  it('a declined answer has its own badge and line, not an error', () => {
    const answer = auditAnswer({ endings: { openai: 'refused' }, endingCounts: { openai: { cutOff: 0, refused: 3 } } });
    const { container } = render(
      <ul>
        <AuditModelCard id="results-openai" label="ChatGPT" state={cardFromAnswer(answer, 'openai')} />
      </ul>,
    );
    expect(container.querySelector('.audit-status')!.textContent).toBe('Declined to answer');
    expect(container.querySelector('.audit-model-message')!.textContent).toBe('ChatGPT declined to answer this question.');
    expect(endingCountLines(answer)).toEqual(['ChatGPT: 0 answers complete, 3 declined to answer.']);
  });

  it('a cut-off answer is shown marked as cut off, and is left out of the figures', () => {
    const answer = auditAnswer({
      responses: { gemini: 'Corvel leads, then' },
      endings: { gemini: 'cut-off' },
      endingCounts: { gemini: { cutOff: 3, refused: 0 } },
    });
    const { container } = render(
      <ul>
        <AuditModelCard id="results-gemini" label="Gemini" state={cardFromAnswer(answer, 'gemini')} />
      </ul>,
    );
    expect(container.querySelector('.audit-status')!.textContent).toBe('Active');
    expect(container.querySelector('.audit-answer')!.textContent).toBe('Corvel leads, then […]');
    expect(container.querySelector('.audit-cut-off')!.textContent).toBe(CUT_OFF_TEXT);
    expect(endingCountLines(answer)).toEqual(['Gemini: 0 answers complete, 3 cut off.']);
  });

  it("shows Google's Search Suggestions as given, in a frame that runs no script and cannot reach the page", () => {
    const html = '<style>.chip{color:red}</style><div class="container"><a class="chip" href="https://www.google.com/search?q=x">x</a></div>';
    const { container } = render(
      <ul>
        <AuditModelCard id="results-gemini" label="Gemini" state={{ kind: 'active', answer: 'Corvel.', citations: [], searchQueries: [], searchSuggestions: html }} />
      </ul>,
    );
    const frame = container.querySelector('iframe')!;
    expect(frame.getAttribute('title')).toBe('Google Search suggestions');
    expect(frame.getAttribute('sandbox')).toBe('allow-popups allow-popups-to-escape-sandbox');
    expect(frame.getAttribute('srcdoc')).toBe(`<base target="_blank">${html}`);
    // Google's markup never reaches this page's own document.
    expect(container.querySelector('.chip')).toBeNull();
  });
});
