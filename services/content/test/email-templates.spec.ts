import { describe, expect, it } from '@jest/globals';
import { outboxInsert } from '@agency/server-kit';
import { renderEmail } from '../src/email/email-templates.js';

const context = { brandName: 'Agentic Agency', siteUrl: 'https://agency.example', unsubscribeUrl: 'https://agency.example/api/newsletter/unsubscribe?email=a%40b.co&token=t' };

describe('the email templates', () => {
  it('renders the audit report email with its headline figures, the permalink and the unsubscribe link', () => {
    const email = renderEmail(
      'audit-report',
      {
        question: 'best vegan protein powder UK',
        brand: 'Brightleaf',
        mentionedIn: 7,
        answers: 12,
        low: 0.32,
        high: 0.81,
        shareOfVoice: 0.25,
        engines: 4,
        reportUrl: 'https://agency.example/ai-search-audit/report/abc',
        simulated: true,
      },
      context,
    );
    expect(email.subject).toBe('Your AI Search Audit report');
    expect(email.unsubscribable).toBe(true);
    expect(email.text).toContain('Brightleaf was named in 7 of 12 answers (likely range 32% to 81%).');
    expect(email.text).toContain('Share of voice: 25% of the brand mentions.');
    expect(email.text).toContain('the answers are simulated');
    expect(email.text).toContain('Open your report: https://agency.example/ai-search-audit/report/abc');
    expect(email.text).toContain(`Unsubscribe: ${context.unsubscribeUrl}`);
    expect(email.html).toContain('<html lang="en-GB">');
  });

  it('renders the tracking emails: the confirmation link, the change in words with the stop link, and the summary', () => {
    const confirm = renderEmail(
      'tracking-confirm',
      { question: 'best oat milk', brand: 'Oatly', cadence: 'weekly', confirmUrl: 'https://agency.example/api/llm-query/reports/r/tracking/confirm?token=t' },
      context,
    );
    expect(confirm.subject).toBe('Confirm tracking your AI search question');
    expect(confirm.text).toContain('Confirm tracking: https://agency.example/api/llm-query/reports/r/tracking/confirm?token=t');
    expect(confirm.text).toContain('every week');
    const payload = {
      question: 'best oat milk',
      brand: 'Oatly',
      mentionedIn: 9,
      answers: 12,
      changes: [{ scope: 'overall', against: 'previous', sentence: 'up from 2 of 12 to 9 of 12 (significant, p = 0.01)' }],
      reportUrl: 'https://agency.example/ai-search-audit/report/r',
      stopUrl: 'https://agency.example/api/llm-query/reports/r/tracking/stop?token=s',
      simulated: false,
    };
    const change = renderEmail('tracking-change', payload, context);
    expect(change.subject).toBe('Your tracked AI search question changed');
    expect(change.text).toContain('• All engines, against the previous run: up from 2 of 12 to 9 of 12 (significant, p = 0.01)');
    expect(change.text).toContain('In the latest run, Oatly was named in 9 of 12 answers.');
    expect(change.text).toContain('Stop tracking this question: https://agency.example/api/llm-query/reports/r/tracking/stop?token=s');
    expect(change.unsubscribable).toBe(true);
    const summary = renderEmail('tracking-summary', { ...payload, changes: [] }, context);
    expect(summary.subject).toBe('Your tracked AI search question: no significant change');
    expect(summary.text).toContain('No significant change');
  });

  it('escapes what visitors wrote in the HTML part', () => {
    const email = renderEmail('staff-contact', { name: 'Eve <script>', email: 'eve@example.com', message: '<img src=x onerror=alert(1)>' }, context);
    expect(email.html).not.toContain('<img src=x');
    expect(email.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(email.unsubscribable).toBe(false);
  });

  it('refuses an outbox row whose subject or address would carry a header of its own', () => {
    const row = { key: 'k', kind: 'staff-contact', to: 'staff@agency.example', subject: 'Hi', personEmail: null, payload: {}, limited: false };
    expect(() => outboxInsert({ ...row, subject: 'Hi\r\nBcc: all@example.com' }, 1, 5)).toThrow('Refused an email header holding a line break.');
    expect(() => outboxInsert({ ...row, to: 'staff@agency.example\nBcc: x@y.z' }, 1, 5)).toThrow('Refused an email header holding a line break.');
    expect(() => outboxInsert(row, 1, 5)).not.toThrow();
  });
});
