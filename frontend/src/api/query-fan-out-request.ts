/** POST /api/query-fan-out (docs/api.md); the answer is FanOutAnswer from @agency/shared. */
export const QUERY_FAN_OUT_PATH = '/api/query-fan-out';

export interface FanOutRequest {
  keyword: string;
  website: string;
  email: string;
}
