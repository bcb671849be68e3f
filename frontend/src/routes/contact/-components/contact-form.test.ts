import { describe, expect, it } from 'vitest';
import { contactFieldErrors, missingRequiredField } from './contact-form';

describe('missingRequiredField', () => {
  it('needs name, email and message once trimmed; company is optional', () => {
    expect(missingRequiredField({ name: 'Ann', email: 'ann@brand.example', company: '', message: 'Hello' })).toBe(false);
    expect(missingRequiredField({ name: '  ', email: 'ann@brand.example', company: 'Brand', message: 'Hello' })).toBe(true);
    expect(missingRequiredField({ name: 'Ann', email: '', company: 'Brand', message: 'Hello' })).toBe(true);
    expect(missingRequiredField({ name: 'Ann', email: 'ann@brand.example', company: 'Brand', message: '\n' })).toBe(true);
  });
});

describe('contactFieldErrors', () => {
  it('says in plain English what each field needs', () => {
    expect(contactFieldErrors({ name: 'Ann', email: 'ann@brand.example', company: '', message: 'Hello' })).toEqual({});
    expect(contactFieldErrors({ name: ' ', email: '', company: '', message: '' })).toEqual({
      name: 'Please enter your name.',
      email: 'Please enter your email address.',
      message: 'Please write your message.',
    });
    expect(contactFieldErrors({ name: 'Ann', email: 'ann@brand', company: '', message: 'Hi' })).toEqual({
      email: 'Please enter an email address like name@example.com.',
    });
  });
});
