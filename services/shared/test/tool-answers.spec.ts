import { describe, expect, it } from '@jest/globals';
import { responseSegments } from '../src/tool-answers.js';

describe('responseSegments', () => {
  it('splits a response at the markers of its sources', () => {
    expect(responseSegments('Corvel leads. [1][2] Lumera too. [3]', 3)).toEqual([
      { text: 'Corvel leads. ' },
      { source: 1 },
      { source: 2 },
      { text: ' Lumera too. ' },
      { source: 3 },
    ]);
  });

  it('leaves markers without a source, and bracketed words, as text', () => {
    expect(responseSegments('See [0], [4] and [link removed]. [2]', 3)).toEqual([{ text: 'See [0], [4] and [link removed]. ' }, { source: 2 }]);
    expect(responseSegments('No sources. [1]', 0)).toEqual([{ text: 'No sources. [1]' }]);
    expect(responseSegments('', 2)).toEqual([]);
  });
});
