export * from './period.js';
export * from './request.js';
export * from './result.js';
export * from './saved.js';
export * from './schedule-summary.js';
export * from './schedules.js';
