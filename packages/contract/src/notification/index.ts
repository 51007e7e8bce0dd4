export * from './email-queue.js';
export * from './json-variables.js';
export * from './send.js';
export * from './template-syntax.js';
export * from './templates.js';
export * from './translations.js';
