/** Injection token for the API's request-path Redis client (sessions, rate limits). */
export const TOOLS_REDIS = Symbol('TOOLS_REDIS');
