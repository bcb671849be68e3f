import { describe, expect, it } from 'vitest';
import { listPath } from '../../../../api/admin-queries';
import { erasureSummary } from '../people/erase-person-dialog';
import { describeImage, imageProducts, imageSummary } from '../tool-records/image-analysis-summaries';
import { parseSemanticExpansionResults, parseStoredAnswers, unlistedFields } from '../tool-records/tool-record-summaries';

describe('admin lists and detail panels', () => {
  it('asks for a list with only the parameters that are set', () => {
    expect(listPath('/api/contact-messages', { limit: 25, offset: 50, q: 'a@b.co', status: '', sort: undefined })).toBe('/api/contact-messages?limit=25&offset=50&q=a%40b.co');
    expect(listPath('/api/admin/activity', {})).toBe('/api/admin/activity');
  });

  it('reads a stored fan-out result in full, old and new shapes, and nothing from text that is not JSON', () => {
    const detail = parseSemanticExpansionResults(
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
    expect(parseSemanticExpansionResults('not json')).toBeNull();
  });

  it('shows every stored field, those it does not lay out as text', () => {
    expect(parseStoredAnswers('{"openai":"A","grok":null}')).toEqual({ kind: 'answers', answers: { openai: 'A' } });
    expect(parseStoredAnswers('plain')).toEqual({ kind: 'text', text: 'plain' });
    expect(unlistedFields({ id: 1, reportId: 'r1', extra: { a: 1 }, none: null }, ['id', 'reportId'])).toEqual([['extra', '{"a":1}']]);
  });

  it('says what an erasure removed', () => {
    expect(erasureSummary({ contactMessages: 2, auditRecords: 1, fanOutRecords: 0, imageAnalyses: 1, crawlerLogAnalyses: 0, subscriber: true })).toBe(
      'Erased 2 contact messages, 1 audit, 0 fan-out requests, 1 image analysis and the subscriber row.',
    );
    expect(erasureSummary({ contactMessages: 0, auditRecords: 0, fanOutRecords: 0, imageAnalyses: 0, crawlerLogAnalyses: 2, subscriber: false })).toBe(
      'Erased 0 contact messages, 0 audits, 0 fan-out requests, 0 image analyses, 2 crawler log analyses and no subscriber row.',
    );
  });

  it('sums up a stored image analysis: the upload, the products read, the models that answered and the checks passed', () => {
    const record = {
      id: 1,
      email: 'a@b.co',
      image: { type: 'jpeg', width: 2000, height: 1500, bytes: 1_258_291 },
      models: {
        openai: { product: 'Steel kettle', findings: ['No capacity'] },
        anthropic: { product: 'Steel kettle', findings: ['Logo unreadable'] },
        gemini: { error: 'Analysis failed: timed out' },
        grok: { product: 'Electric kettle', findings: ['Cable hidden'] },
      },
      mainImageChecks: [
        { id: 'white-background', label: 'Pure white background', pass: true, figure: '99%', rule: '' },
        { id: 'zoom', label: 'Zoom', pass: false, figure: '800 px', rule: '' },
      ],
      disagreement: null,
      altText: '',
      simulated: false,
      createdAt: '2026-01-01T00:00:00.000Z',
    } as const satisfies Parameters<typeof imageSummary>[0];
    expect(describeImage(record.image)).toBe('JPEG, 2,000 × 1,500 px, 1.2 MB');
    expect(describeImage(null)).toBe('');
    expect(imageProducts(record)).toBe('Steel kettle / Electric kettle');
    expect(imageSummary(record)).toEqual({ image: 'JPEG, 2,000 × 1,500 px, 1.2 MB', asked: 4, answered: 3, checks: { passed: 1, total: 2 } });
  });
});
