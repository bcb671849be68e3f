export { GuardedHttpClient, type FetchFailure, type FetchLimits, type FetchResult, type FetchedBody, type GuardedHttpClientOptions } from '@agency/server-kit';
