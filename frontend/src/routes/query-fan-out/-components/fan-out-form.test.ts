import { describe, expect, it } from 'vitest';
import { fanOutFormProblem } from './fan-out-form';

const complete = { keyword: 'vegan protein powder', website: 'greenfuel.example', email: 'owner@greenfuel.example' };

describe('fanOutFormProblem', () => {
  it('accepts a complete form, including a website without a scheme', () => {
    expect(fanOutFormProblem(complete)).toBeUndefined();
  });

  it("asks for the missing keyword, website or email in the toast's exact words", () => {
    for (const name of ['keyword', 'website', 'email'] as const) {
      expect(fanOutFormProblem({ ...complete, [name]: '   ' })).toEqual({
        title: 'Missing Information',
        description: 'Please provide a keyword, website URL, and email address.',
        variant: 'destructive',
      });
    }
  });

  it('refuses an email address without @', () => {
    expect(fanOutFormProblem({ ...complete, email: 'owner.greenfuel.example' })).toEqual({
      title: 'Invalid Email',
      description: 'Please provide a valid email address.',
      variant: 'destructive',
    });
    expect(fanOutFormProblem({ ...complete, email: 'owner@nowhere' })?.title).toBe('Invalid Email');
  });
});
