import { TOOL_TEXT_LIMITS } from '@agency/shared';
import {
  checkHostname,
  classifyAddress,
  describeAddressClass,
  effectivePort,
  ipLiteralOf,
  STANDARD_PORTS,
} from './address-policy.js';

/** A website address the visitor typed that we will not fetch; the message answers a 400. */
export class WebsiteInputError extends Error {
  override readonly name = 'WebsiteInputError';
}

const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
// "mailto:", "javascript:", "file:/x": a scheme without "//". "example.com:8080" is a host and port.
const OTHER_SCHEME = /^[a-z][a-z0-9+.-]*:(?!\d)/i;
const MAX_NAME_LENGTH = 253;
const MAX_LABEL_LENGTH = 63;

/**
 * Turns what a visitor typed into the URL we will crawl: 'example.com' becomes https://example.com/.
 * Refuses anything that is not a public http(s) website on a standard port.
 */
export interface WebsiteUrlTestOptions {
  /** TEST-ONLY, like the crawler's options: loopback and private literals, and these extra ports. */
  testOnlyAllowPrivateAddresses?: boolean;
  testOnlyAllowedPorts?: number[];
}

export function normaliseWebsiteUrl(input: string, testOptions: WebsiteUrlTestOptions = {}): URL {
  const text = input.trim();
  if (text === '') throw new WebsiteInputError('Please enter your website address.');
  if (text.length > TOOL_TEXT_LIMITS.website) {
    throw new WebsiteInputError(`The website address is too long (at most ${TOOL_TEXT_LIMITS.website} characters).`);
  }
  if (/\s/.test(text)) throw new WebsiteInputError('The website address must not contain spaces.');

  let candidate = text;
  if (text.startsWith('//')) candidate = `https:${text}`;
  else if (!HAS_SCHEME.test(text) && !/^https?:/i.test(text)) {
    if (OTHER_SCHEME.test(text)) throw new WebsiteInputError('Only http:// and https:// website addresses are accepted.');
    candidate = `https://${text}`;
  }

  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    throw new WebsiteInputError('This does not look like a website address. Please check it, for example example.com.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new WebsiteInputError('Only http:// and https:// website addresses are accepted.');
  }
  if (url.username !== '' || url.password !== '') {
    throw new WebsiteInputError('Website addresses with a user name or password are not accepted.');
  }
  const port = effectivePort(url);
  if (!STANDARD_PORTS.includes(port) && !(testOptions.testOnlyAllowedPorts ?? []).includes(port)) {
    throw new WebsiteInputError(
      `Only the standard web ports (80 and 443) are accepted; please remove ":${port}" from the address.`,
    );
  }
  checkHost(url.hostname, testOptions.testOnlyAllowPrivateAddresses === true);
  url.hash = '';
  return url;
}

function checkHost(hostname: string, allowPrivate: boolean): void {
  const literal = ipLiteralOf(hostname);
  if (literal !== null) {
    const addressClass = classifyAddress(literal);
    if (addressClass === 'public') return;
    if (allowPrivate && (addressClass === 'loopback' || addressClass === 'private')) return;
    throw new WebsiteInputError(
      `This address points to ${describeAddressClass(addressClass)}, not a public website. Please enter your public website address.`,
    );
  }
  switch (checkHostname(hostname)) {
    case 'ok':
      break;
    case 'metadata':
    case 'local-name':
      throw new WebsiteInputError(
        'This address names a local or internal host, not a public website. Please enter your public website address.',
      );
    case 'single-label':
      throw new WebsiteInputError('Please enter a full website address with a domain, for example example.com.');
  }
  const name = hostname.replace(/\.$/, '');
  if (name.length > MAX_NAME_LENGTH || name.split('.').some((label) => label.length === 0 || label.length > MAX_LABEL_LENGTH)) {
    throw new WebsiteInputError('This does not look like a website address. Please check it, for example example.com.');
  }
}
