import { describe, expect, it } from 'vitest';
import { ANALYSIS_FAILED_TEXT, PLACEHOLDER_FINDINGS, readModelFindings } from './image-findings';

describe('readModelFindings (image model texts)', () => {
  it('shows a JSON list of findings, only the first three', () => {
    const text = JSON.stringify(['Label is legible', 'White background', 'Protein claim on pack', 'Price not visible']);
    expect(readModelFindings(text)).toEqual({
      kind: 'findings',
      findings: ['Label is legible', 'White background', 'Protein claim on pack'],
    });
  });

  it('shows fewer findings when the model gave fewer', () => {
    expect(readModelFindings('["Only one thing"]')).toEqual({ kind: 'findings', findings: ['Only one thing'] });
  });

  it('keeps a finding that happens to contain the word "failed" when the text is a list', () => {
    expect(readModelFindings('["The seal looks like it failed"]')).toEqual({ kind: 'findings', findings: ['The seal looks like it failed'] });
  });

  it('drops empty and non-text items and says the analysis failed when nothing is left', () => {
    expect(readModelFindings('["  ", {"a": 1}, "Real finding", null]')).toEqual({ kind: 'findings', findings: ['Real finding'] });
    expect(readModelFindings('[]')).toEqual({ kind: 'failed', message: ANALYSIS_FAILED_TEXT });
  });

  it("shows a text saying the model is unavailable as it is", () => {
    const text = 'Service unavailable: this model is not configured.';
    expect(readModelFindings(text)).toEqual({ kind: 'unavailable', message: text });
  });

  it('shows a text saying the analysis failed as it is', () => {
    const text = 'Analysis failed: the model did not answer within 30 seconds.';
    expect(readModelFindings(text)).toEqual({ kind: 'failed', message: text });
    expect(readModelFindings('"Request FAILED"')).toEqual({ kind: 'failed', message: '"Request FAILED"' });
  });

  it('shows a text that does not parse as it is, or "Analysis failed" when there is none', () => {
    expect(readModelFindings('The image shows a bottle')).toEqual({ kind: 'failed', message: 'The image shows a bottle' });
    expect(readModelFindings('')).toEqual({ kind: 'failed', message: ANALYSIS_FAILED_TEXT });
    expect(readModelFindings('   ')).toEqual({ kind: 'failed', message: ANALYSIS_FAILED_TEXT });
    expect(readModelFindings(undefined)).toEqual({ kind: 'failed', message: ANALYSIS_FAILED_TEXT });
  });

  it('shows three placeholder lines for JSON that is not a list', () => {
    for (const text of ['{"findings": "one"}', '42', '"just a string"', 'null']) {
      const result = readModelFindings(text);
      expect(result).toEqual({ kind: 'placeholder', findings: PLACEHOLDER_FINDINGS });
      expect(result.kind === 'placeholder' && result.findings).toHaveLength(3);
    }
  });

  it('returns markup as plain text for the page to escape', () => {
    expect(readModelFindings('["<img src=x onerror=alert(1)>"]')).toEqual({ kind: 'findings', findings: ['<img src=x onerror=alert(1)>'] });
  });
});
