import { describe, expect, it } from 'vitest';
import { listPath } from '../../../api/admin-queries';
import { erasureSummary } from './erase-person-dialog';
import { parseFanOutResults, parseStoredAnswers, unlistedFields } from './tool-record-summaries';

describe('admin lists and detail panels', () => {
  it('asks for a list with only the parameters that are set', () => {
    expect(listPath('/api/contact-messages', { limit: 25, offset: 50, q: 'a@b.co', status: '', sort: undefined })).toBe('/api/contact-messages?limit=25&offset=50&q=a%40b.co');
    expect(listPath('/api/admin/activity', {})).toBe('/api/admin/activity');
  });

  it('reads a stored fan-out result in full, old and new shapes, and nothing from text that is not JSON', () => {
    const detail = parseFanOutResults(
      JSON.stringify({
        queries: ['a', 'b'],
        fanOut: [{ query: 'a', type: 'related', userIntent: 'compare', reasoning: 'r', routingFormat: 'list', weight: 0.5 }],
        websiteAnalysis: [{ query: 'a', found: true, coverage: 'partial', url: 'https://x.example/p', content: 'text', suggestions: ['s'] }, { query: 'b', found: false }],
      }),
    );
    expect(detail?.fanOut[0]).toEqual({ query: 'a', type: 'related', userIntent: 'compare', reasoning: 'r', routingFormat: 'list', weight: 0.5 });
    expect(detail?.websiteAnalysis).toEqual([
      { query: 'a', found: true, coverage: 'partial', url: 'https://x.example/p', content: 'text', suggestions: ['s'] },
      { query: 'b', found: false, coverage: undefined, url: undefined, content: undefined, suggestions: [] },
    ]);
    expect(parseFanOutResults('not json')).toBeNull();
  });

  it('shows every stored field, those it does not lay out as text', () => {
    expect(parseStoredAnswers('{"openai":"A","grok":null}')).toEqual({ kind: 'answers', answers: { openai: 'A' } });
    expect(parseStoredAnswers('plain')).toEqual({ kind: 'text', text: 'plain' });
    expect(unlistedFields({ id: 1, reportId: 'r1', extra: { a: 1 }, none: null }, ['id', 'reportId'])).toEqual([['extra', '{"a":1}']]);
  });

  it('says what an erasure removed', () => {
    expect(erasureSummary({ contactMessages: 2, auditRecords: 1, fanOutRecords: 0, subscriber: true })).toBe(
      'Erased 2 contact messages, 1 audit, 0 fan-out requests and the subscriber row.',
    );
  });
});
