/**
 * The visitor's email for this page session only, held in memory: one tool hands it to the next
 * (Semantic Expansion to the audit, an audit to the next) without putting it in an address, where
 * it would reach history, logs and anyone the link is shared with. A reload forgets it.
 */
let email = '';

export function rememberVisitorEmail(value: string): void {
  email = value.trim();
}

export function rememberedVisitorEmail(): string {
  return email;
}
