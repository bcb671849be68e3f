// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { loadWebConfig } from './web-config';

describe('loadWebConfig', () => {
  it('listens on loopback unless BIND_HOST widens it', () => {
    expect(loadWebConfig({}).bindHost).toBe('127.0.0.1');
    expect(loadWebConfig({ BIND_HOST: '' }).bindHost).toBe('127.0.0.1');
    expect(loadWebConfig({ BIND_HOST: '0.0.0.0' }).bindHost).toBe('0.0.0.0');
    expect(loadWebConfig({ BIND_HOST: '::' }).bindHost).toBe('::');
  });

  it('refuses a BIND_HOST that is not an IP address', () => {
    expect(() => loadWebConfig({ BIND_HOST: 'everywhere' })).toThrow(/BIND_HOST must be an IP address/);
  });
});
