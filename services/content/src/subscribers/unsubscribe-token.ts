import { createHmac, timingSafeEqual } from 'node:crypto';

/** Signs an address for its unsubscribe link, so nobody can unsubscribe someone else. */
export class UnsubscribeToken {
  constructor(private readonly secret: string) {}

  sign(email: string): string {
    return createHmac('sha256', this.secret).update(`unsubscribe:${email.toLowerCase()}`).digest('base64url');
  }

  verify(email: string, token: string): boolean {
    const expected = Buffer.from(this.sign(email));
    const given = Buffer.from(token);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}

/** The signed unsubscribe page of one address. */
export function unsubscribeUrl(config: { unsubscribeSecret: string; publicSiteUrl: string }, email: string): string {
  const query = new URLSearchParams({ email: email.toLowerCase(), token: new UnsubscribeToken(config.unsubscribeSecret).sign(email) });
  return `${config.publicSiteUrl}/api/newsletter/unsubscribe?${query.toString()}`;
}
