export * from './buckets.js';
export * from './files.js';
export * from './json-context.js';
export * from './logs.js';
export * from './paths.js';
