/** POST /api/llm-query (SPEC §3, §7); the answer is AuditAnswer from @agency/shared. */
export const LLM_QUERY_PATH = '/api/llm-query';

export interface AuditRequest {
  query: string;
  brand?: string;
  email: string;
  model: string;
}
