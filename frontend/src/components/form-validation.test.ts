import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-client';
import { emailProblem, fieldOfServerError, FIELD_MESSAGES } from './form-validation';

describe('form validation', () => {
  it('checks an email address as the services do', () => {
    expect(emailProblem(' ann@brand.example ')).toBeUndefined();
    expect(emailProblem('')).toBe(FIELD_MESSAGES.emailMissing);
    expect(emailProblem('ann@brand')).toBe(FIELD_MESSAGES.emailInvalid);
    expect(emailProblem('ann @brand.example')).toBe(FIELD_MESSAGES.emailInvalid);
  });

  it("puts a service's refusal of a field in plain English, and leaves other errors alone", () => {
    const refusal = new ApiError(400, '400: …', 'email must be a valid email address');
    expect(fieldOfServerError(refusal, ['name', 'email'])).toEqual({ field: 'email', message: FIELD_MESSAGES.emailInvalid });
    expect(fieldOfServerError(new ApiError(429, '429: …', 'Too many requests.'), ['email'])).toBeUndefined();
    expect(fieldOfServerError(new Error('network'), ['email'])).toBeUndefined();
  });
});
