// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { entityTag, isNotModified, steadyLoadTimes } from './cacheable-page';

const render = (at: number) =>
  `<html><head><script type="application/ld+json">{"u":1795563618544}</script></head><body><p>u:1795563618544</p>` +
  `<script>$R[13]={i:"__root__#",u:${at},s:"success"},$R[14]={dehydratedAt:${at + 1},state:{dataUpdateCount:1,dataUpdatedAt:${at},errorUpdatedAt:0}}</script></body></html>`;

describe('steadyLoadTimes', () => {
  it('gives two renders of the same content in the same minute the same bytes', () => {
    const minute = 1_795_563_600_000;
    expect(steadyLoadTimes(render(minute + 1_234))).toBe(steadyLoadTimes(render(minute + 58_001)));
    expect(steadyLoadTimes(render(minute + 1_234))).not.toBe(steadyLoadTimes(render(minute + 61_000)));
  });

  it('rounds only the load times inside executable inline scripts, down to the minute', () => {
    const steady = steadyLoadTimes(render(1_795_563_618_544));
    expect(steady).toContain('u:1795563600000,s:"success"');
    expect(steady).toContain('dehydratedAt:1795563600000,');
    expect(steady).toContain('dataUpdatedAt:1795563600000,errorUpdatedAt:0');
    // Page text and JSON-LD are content, not load times.
    expect(steady).toContain('<p>u:1795563618544</p>');
    expect(steady).toContain('{"u":1795563618544}');
  });
});

describe('entity tags', () => {
  it('is a quoted strong tag that changes with any byte', () => {
    expect(entityTag('a')).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(entityTag('a')).toBe(entityTag('a'));
    expect(entityTag('a')).not.toBe(entityTag('b'));
  });

  it('matches If-None-Match lists, weak forms and *', () => {
    const tag = entityTag('page');
    expect(isNotModified(undefined, tag)).toBe(false);
    expect(isNotModified(tag, tag)).toBe(true);
    expect(isNotModified(`"other", W/${tag}`, tag)).toBe(true);
    expect(isNotModified('*', tag)).toBe(true);
    expect(isNotModified('"other"', tag)).toBe(false);
  });
});
