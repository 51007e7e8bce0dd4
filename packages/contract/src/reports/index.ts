export * from './period.js';
export * from './request.js';
export * from './result.js';
export * from './saved.js';
