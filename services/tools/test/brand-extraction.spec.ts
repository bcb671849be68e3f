import { describe, expect, it } from '@jest/globals';
import { brandExtractionRequest, checkBrandExtraction, fallbackBrands } from '../src/audit/brand-extraction.js';
import { AnswerFormatError } from '../src/models/provider-error.js';

const answer =
  'Simulated ChatGPT answer (demo mode). For "best electrolyte powder", brands that come up often include Halden & Moss and Corvel. ' +
  'Most reviewers start with Halden & Moss, which stands out for its lab tests. [1][2] Buyers who switched often mention Oakridge Naturals. ' +
  'The guide on shopwiseguide.example explains more. Prices change often in the UK, so check Amazon before you order.';

describe('brand extraction', () => {
  it('without a model: the capitalised names, in order of first mention, not sentence words, sites, engines or quotes', () => {
    expect(fallbackBrands(answer)).toEqual(['Halden & Moss', 'Corvel', 'Oakridge Naturals']);
    expect(fallbackBrands("Brightleaf is the name that comes up most often. It is worth a look. Bob's Red Mill too.")).toEqual(['Brightleaf', "Bob's Red Mill"]);
  });

  it('without a model: a refusal names nothing', () => {
    expect(fallbackBrands("I couldn't find reliable information about Zeta Gel, so I can't recommend a brand.")).toEqual([]);
  });

  it('asks for every answer by id, as data', () => {
    const request = brandExtractionRequest([{ id: 'openai-1', text: 'Try <Lumera> & Corvel' }]);
    expect(request.user).toBe('<answer id="openai-1">Try &lt;Lumera&gt; &amp; Corvel</answer>');
    expect(request.json?.name).toBe('brands_recommended');
    expect(request.system).toMatch(/^\[task:brand-extraction\]/);
  });

  it("keeps the model's names that the answer contains, in the answer's order; an answer it skipped is read without it", () => {
    const items = [
      { id: 'openai-1', text: answer },
      { id: 'claude-1', text: 'Pebblewick and Lumera are both good.' },
    ];
    const lists = checkBrandExtraction(items)(JSON.stringify({ answers: [{ id: 'openai-1', brands: ['Oakridge Naturals', 'Invented Brand', 'Corvel', 'halden & moss', 'Corvel'] }] }));
    expect(lists.get('openai-1')?.brands).toEqual(['halden & moss', 'Corvel', 'Oakridge Naturals']);
    expect(lists.get('claude-1')?.brands).toEqual(['Pebblewick', 'Lumera']);
  });

  it('keeps each brand’s tone and only the qualities the answer itself says', () => {
    const text = 'Pebblewick is good value but often out of stock. Lumera is pricey.';
    const lists = checkBrandExtraction([{ id: 'openai-1', text }])(
      JSON.stringify({
        answers: [
          {
            id: 'openai-1',
            brands: [
              { name: 'Pebblewick', sentiment: 'positive', attributes: ['good value', 'out of stock', 'award-winning'] },
              { name: 'Lumera', sentiment: 'negative', attributes: ['pricey'] },
              { name: 'Invented', sentiment: 'positive', attributes: [] },
            ],
          },
        ],
      }),
    );
    expect(lists.get('openai-1')).toEqual({
      brands: ['Pebblewick', 'Lumera'],
      notes: [
        { name: 'Pebblewick', sentiment: 'positive', attributes: ['good value', 'out of stock'] },
        { name: 'Lumera', sentiment: 'negative', attributes: ['pricey'] },
      ],
    });
  });

  it('refuses a tone outside positive, neutral and negative', () => {
    const check = checkBrandExtraction([{ id: 'openai-1', text: 'Corvel is fine.' }]);
    expect(() => check(JSON.stringify({ answers: [{ id: 'openai-1', brands: [{ name: 'Corvel', sentiment: 'ecstatic', attributes: [] }] }] }))).toThrow(AnswerFormatError);
  });

  it('refuses an answer that is not the schema', () => {
    const check = checkBrandExtraction([{ id: 'openai-1', text: answer }]);
    expect(() => check('not json')).toThrow(AnswerFormatError);
    expect(() => check(JSON.stringify({ answers: [{ id: 'openai-1', brands: 'Corvel' }] }))).toThrow(AnswerFormatError);
  });
});
