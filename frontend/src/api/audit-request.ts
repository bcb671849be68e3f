/** POST /api/llm-query: the answer is AuditAnswer from @agency/shared. */
export const AUDIT_PATH = '/api/llm-query';

export interface AuditRequest {
  query: string;
  brand?: string;
  email: string;
  model: string;
}
