/** POST /api/query-fan-out: the answer is FanOutAnswer from @agency/shared. */
export const FAN_OUT_PATH = '/api/query-fan-out';

export interface FanOutRequest {
  keyword: string;
  website: string;
  email: string;
}
