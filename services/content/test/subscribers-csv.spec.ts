import { describe, expect, it } from '@jest/globals';
import type { MarketingSubscriber } from '@agency/shared';
import { csvCell } from '@agency/shared';
import { subscribersCsv, subscribersCsvFileName } from '../src/subscribers/subscribers-csv.js';

const subscriber = (overrides: Partial<MarketingSubscriber>): MarketingSubscriber => ({
  email: 'ada@example.com',
  source: 'contact',
  status: 'confirmed',
  consentAt: '2025-07-01T09:00:00.000Z',
  unsubscribedAt: null,
  unsubscribeUrl: 'https://site.example/api/newsletter/unsubscribe?email=ada%40example.com&token=abc',
  ...overrides,
});

describe('the subscribers CSV export', () => {
  it('has a header row, one quoted row per subscriber and CRLF line ends', () => {
    const csv = subscribersCsv([subscriber({}), subscriber({ email: 'bo@example.com', source: 'newsletter', status: 'unsubscribed', unsubscribedAt: '2025-07-03T10:00:00.000Z' })]);
    // The byte-order mark first, so Excel reads the file as UTF-8.
    expect(csv.startsWith('\uFEFF"email"')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      '"email","source","consent_at","status","unsubscribed_at","unsubscribe_url"',
      '"ada@example.com","contact","2025-07-01T09:00:00.000Z","confirmed","","https://site.example/api/newsletter/unsubscribe?email=ada%40example.com&token=abc"',
      '"bo@example.com","newsletter","2025-07-01T09:00:00.000Z","unsubscribed","2025-07-03T10:00:00.000Z","https://site.example/api/newsletter/unsubscribe?email=ada%40example.com&token=abc"',
      '',
    ]);
  });

  it.each([
    ['=1+2@evil.co', `"'=1+2@evil.co"`],
    ['+44@evil.co', `"'+44@evil.co"`],
    ['-2@evil.co', `"'-2@evil.co"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\tx', `"'\tx"`],
    ['\rx', `"'\rx"`],
    ['\uff1dHYPERLINK("https://evil.example")', `"'\uff1dHYPERLINK(""https://evil.example"")"`],
    ['\uff0b44@evil.co', `"'\uff0b44@evil.co"`],
    ['\uff0d2@evil.co', `"'\uff0d2@evil.co"`],
    ['\uff20SUM(A1)', `"'\uff20SUM(A1)"`],
    ['\ufe66cmd', `"'\ufe66cmd"`],
    ['\u22122@evil.co', `"'\u22122@evil.co"`],
    [' =1+2', `"' =1+2"`],
    ['\u200b=1+2', `"'\u200b=1+2"`],
  ])('keeps %p from running as a spreadsheet formula', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('doubles quotes and keeps commas and line breaks inside the cell', () => {
    expect(csvCell('a"b,c\nd')).toBe('"a""b,c\nd"');
    expect(csvCell('plain@example.com')).toBe('"plain@example.com"');
  });

  it('names the file by the day of the export', () => {
    expect(subscribersCsvFileName(new Date('2025-07-04T23:59:00Z'))).toBe('subscribers-2025-07-04.csv');
  });
});
