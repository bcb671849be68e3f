import { apiSend } from './api-client';

/** POST /api/query-fan-out (SPEC §3, §7). */
export interface FanOutRequest {
  keyword: string;
  website: string;
  email: string;
}

export interface WebsiteAnalysisItem {
  query: string;
  found: boolean;
  content?: string;
  suggestions: string[];
}

export interface FanOutAnswer {
  queries: string[];
  websiteAnalysis: WebsiteAnalysisItem[];
}

export function requestQueryFanOut(request: FanOutRequest): Promise<FanOutAnswer> {
  return apiSend<FanOutAnswer>('POST', '/api/query-fan-out', request);
}
