import { describe, expect, it } from '@jest/globals';
import type { SemanticExpansionType } from '@agency/shared';
import { coverageFor, notChecked, verdictByWords } from '../src/semantic-expansion/semantic-expansion-coverage.js';
import { isNearDuplicate, medianCountReasoning, mergePasses } from '../src/semantic-expansion/semantic-expansion-passes.js';
import type { GeneratedPass } from '../src/semantic-expansion/semantic-expansion-prompts.js';
import { tokenize } from '../src/website/passage-matcher.js';

function pass(countReasoning: string, queries: [string, SemanticExpansionType][]): GeneratedPass {
  return {
    countReasoning,
    queries: queries.map(([query, type]) => ({ query, type, userIntent: `intent of ${query}`, reasoning: 'why', routingFormat: 'FAQ' })),
  };
}

describe('merging fan-out passes', () => {
  it('weighs each query by the share of passes that produced it, heaviest first', () => {
    const merged = mergePasses([
      pass('a', [['best air fryers in the UK', 'reformulation'], ['are air fryers safe', 'implicit'], ['air fryers as a gift', 'personalised']]),
      pass('b', [['are air fryers safe', 'implicit'], ['best air fryers in the UK', 'reformulation']]),
      pass('c', [['best air fryers in the UK', 'reformulation'], ['own-brand vs branded air fryers', 'comparative']]),
    ]);
    expect(merged.map(({ query, weight }) => [query, weight])).toEqual([
      ['best air fryers in the UK', 1],
      ['are air fryers safe', 0.67],
      ['air fryers as a gift', 0.33],
      ['own-brand vs branded air fryers', 0.33],
    ]);
    expect(merged[1]).toMatchObject({ type: 'implicit', userIntent: 'intent of are air fryers safe', routingFormat: 'FAQ' });
  });

  it('merges near-duplicate wordings into one query and counts each pass once', () => {
    const merged = mergePasses([
      pass('a', [['best air fryers in the UK', 'reformulation'], ['the best air fryers in the UK', 'reformulation']]),
      pass('b', [['what are the best air fryers in the UK', 'reformulation']]),
    ]);
    expect(merged).toHaveLength(1);
    expect(merged[0]).toMatchObject({ query: 'best air fryers in the UK', weight: 1 });
  });

  it('keeps queries apart that share only some of their words', () => {
    expect(isNearDuplicate(new Set(tokenize('are air fryers safe')), new Set(tokenize('are air fryers worth the money')))).toBe(false);
    expect(isNearDuplicate(new Set(tokenize('which brands make the best coffee')), new Set(tokenize('which brands make the best coffee today')))).toBe(true);
  });

  it('takes the type most passes gave a merged query, and keeps at most 25 queries', () => {
    const merged = mergePasses([
      pass('a', [['coffee as a gift', 'personalised']]),
      pass('b', [['coffee as a gift', 'related']]),
      pass('c', [['coffee as a gift', 'personalised']]),
    ]);
    expect(merged[0]).toMatchObject({ type: 'personalised', weight: 1 });
    const many = pass('x', Array.from({ length: 30 }, (_, index) => [`distinct query ${index} word${index}`, 'related'] as [string, SemanticExpansionType]));
    expect(mergePasses([many])).toHaveLength(25);
  });

  it('states the reasoning of the pass with the median number of queries', () => {
    const sized = (reason: string, count: number) => pass(reason, Array.from({ length: count }, (_, i) => [`q${i} item${i}`, 'related']));
    expect(medianCountReasoning([sized('twelve', 12), sized('twenty', 20), sized('fifteen', 15)])).toBe('fifteen');
  });
});

describe('coverage verdicts', () => {
  const match = (text: string) => [{ url: 'https://shop.example/guide', text, score: 3 }];

  it('is a gap when no passage matches, whatever a model says', () => {
    const item = coverageFor('vegan protein powder for runners', [], { coverage: 'covered', reason: 'Yes.', suggestions: ['s'] }, 'FAQ');
    expect(item).toMatchObject({ coverage: 'gap', found: false });
    expect(item).not.toHaveProperty('url');
  });

  it('follows the model’s judgement and carries the best passage with its page', () => {
    const item = coverageFor('how to choose vegan protein powder', match('How to choose vegan protein powder: look at the amino acids.'), {
      coverage: 'partial',
      reason: 'It lists criteria but no recommendation.',
      suggestions: ['Add a recommendation.'],
    }, "buyer's guide");
    expect(item).toEqual({
      query: 'how to choose vegan protein powder',
      found: false,
      coverage: 'partial',
      reason: 'It lists criteria but no recommendation.',
      content: 'How to choose vegan protein powder: look at the amino acids.',
      url: 'https://shop.example/guide',
      suggestions: ['Add a recommendation.'],
    });
  });

  it('falls back to the share of the query’s words when no model could judge', () => {
    expect(verdictByWords('vegan protein powder buying guide', 'Our vegan protein powder buying guide compares blends')).toBe('covered');
    expect(verdictByWords('vegan protein powder buying guide', 'We sell vegan socks and protein')).toBe('partial');
    expect(verdictByWords('vegan protein powder buying guide', 'We sell socks')).toBe('gap');
    const item = coverageFor('vegan protein powder buying guide', match('Our vegan protein powder buying guide compares blends'), undefined, 'comparison table');
    expect(item).toMatchObject({ coverage: 'covered', found: true, url: 'https://shop.example/guide' });
    expect(item.suggestions.join(' ')).toContain('comparison table');
  });

  it('claims nothing for a site that could not be read', () => {
    expect(notChecked('oat milk')).toEqual({
      query: 'oat milk',
      found: false,
      coverage: 'not-checked',
      reason: 'Not checked: your website could not be read.',
      suggestions: [],
    });
  });
});
