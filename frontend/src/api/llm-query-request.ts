/** POST /api/llm-query (docs/api.md); the answer is AuditAnswer from @agency/shared. */
export const LLM_QUERY_PATH = '/api/llm-query';

export interface AuditRequest {
  query: string;
  brand?: string;
  email: string;
  model: string;
}
