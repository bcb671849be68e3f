import { describe, expect, it } from 'vitest';
import { semanticExpansionFormProblem } from './semantic-expansion-form';

const complete = { keyword: 'vegan protein powder', website: 'greenfuel.example', email: 'owner@greenfuel.example' };

describe('semanticExpansionFormProblem', () => {
  it('accepts a complete form, including a website without a scheme', () => {
    expect(semanticExpansionFormProblem(complete)).toBeUndefined();
  });

  it("asks for the missing keyword, website or email in the toast's exact words", () => {
    for (const name of ['keyword', 'website', 'email'] as const) {
      expect(semanticExpansionFormProblem({ ...complete, [name]: '   ' })).toEqual({
        title: 'Missing Information',
        description: 'Please provide a keyword, website URL, and email address.',
        variant: 'destructive',
      });
    }
  });

  it('refuses an email address without @', () => {
    expect(semanticExpansionFormProblem({ ...complete, email: 'owner.greenfuel.example' })).toEqual({
      title: 'Invalid Email',
      description: 'Please provide a valid email address.',
      variant: 'destructive',
    });
    expect(semanticExpansionFormProblem({ ...complete, email: 'owner@nowhere' })?.title).toBe('Invalid Email');
  });
});
