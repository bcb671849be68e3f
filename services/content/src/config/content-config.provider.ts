/** Injection token of the validated ContentConfig. */
export const CONTENT_CONFIG = Symbol('CONTENT_CONFIG');
/** Injection token of the shared request-path Redis client. */
export const REDIS = Symbol('REDIS');
