/** POST /api/llm-query: the answer is AuditAnswer from @agency/shared. */
export const AUDIT_PATH = '/api/llm-query';

export interface AuditRequest {
  query: string;
  /** One name, or several separated by commas (the same brand under other names). */
  brand?: string;
  /** Other brands, measured beside it (at most MAX_AUDIT_COMPETITORS). */
  competitors?: string[];
  /** The visitor's own site, to say whether the answers cite it. */
  website?: string;
  email: string;
  model: string;
}
