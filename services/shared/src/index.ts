export * from './admin-records.js';
export * from './content-types.js';
export * from './light-markup.js';
export * from './limits.js';
export * from './model-providers.js';
export * from './read-time.js';
export * from './slug.js';
export * from './youtube-id.js';
