import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useToasts } from '../../../components/toast/toast-store';
import { AuditForm, auditFormProblem, competitorList, competitorsProblem } from './audit-form';

describe('the audit form', () => {
  afterEach(cleanup);

  it('needs a query once trimmed', () => {
    expect(auditFormProblem('  ')).toEqual({
      title: 'Query Required',
      description: 'Please enter a brand or product query first.',
      variant: 'destructive',
    });
    expect(auditFormProblem(' best oat milk ')).toBeUndefined();
  });

  it('reads competitors as names separated by commas, each once, and allows at most five', () => {
    expect(competitorList(' Graze , bulk,  ,GRAZE, Myprotein  Ltd ')).toEqual(['Graze', 'bulk', 'Myprotein Ltd']);
    expect(competitorsProblem('A, B, C, D, E')).toBeUndefined();
    expect(competitorsProblem('A, B, C, D, E, F')).toBe('Name at most 5 competitors (you have 6).');
    expect(competitorsProblem('x'.repeat(101))).toBe('Each competitor’s name can be at most 100 characters.');
  });

  it('keeps Analyse disabled until the email matches the pattern, then toasts a missing query', () => {
    const onSubmit = vi.fn();
    const toasts = renderHook(() => useToasts());
    render(<AuditForm id="t" title="Check" running={false} onSubmit={onSubmit} />);
    const button = screen.getByRole('button', { name: 'Analyse' });
    expect(button).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'ann@brand' } });
    expect(button).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'ann@brand.example' } });
    expect(button).toHaveProperty('disabled', false);
    act(() => {
      fireEvent.click(button);
    });
    expect(onSubmit).not.toHaveBeenCalled();
    expect(toasts.result.current[0]).toMatchObject({ title: 'Query Required' });

    fireEvent.change(screen.getByLabelText(/Your question/), { target: { value: '  best oat milk  ' } });
    fireEvent.click(button);
    expect(onSubmit).toHaveBeenCalledWith({ query: 'best oat milk', email: 'ann@brand.example', model: 'gpt-4o' });
  });

  it('reads Analysing... and locks its fields while the audit runs', () => {
    render(<AuditForm id="t" title="Check" running onSubmit={vi.fn()} initial={{ email: 'ann@brand.example', brand: 'Corvel' }} />);
    expect(screen.getByRole('button', { name: 'Analysing...' })).toHaveProperty('disabled', true);
    expect(screen.getByLabelText(/Brand/)).toHaveProperty('value', 'Corvel');
    expect(screen.getByLabelText(/Your question/)).toHaveProperty('disabled', true);
  });
});
