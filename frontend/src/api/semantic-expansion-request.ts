/** POST /api/query-fan-out: the answer is SemanticExpansionAnswer from @agency/shared. */
export const SEMANTIC_EXPANSION_PATH = '/api/query-fan-out';

export interface SemanticExpansionRequest {
  keyword: string;
  website: string;
  email: string;
}
