import { describe, expect, it } from 'vitest';
import { missingRequiredField } from './contact-form';

describe('missingRequiredField', () => {
  it('needs name, email and message once trimmed; company is optional', () => {
    expect(missingRequiredField({ name: 'Ann', email: 'ann@brand.example', company: '', message: 'Hello' })).toBe(false);
    expect(missingRequiredField({ name: '  ', email: 'ann@brand.example', company: 'Brand', message: 'Hello' })).toBe(true);
    expect(missingRequiredField({ name: 'Ann', email: '', company: 'Brand', message: 'Hello' })).toBe(true);
    expect(missingRequiredField({ name: 'Ann', email: 'ann@brand.example', company: 'Brand', message: '\n' })).toBe(true);
  });
});
