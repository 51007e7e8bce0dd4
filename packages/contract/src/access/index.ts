export * from './catalogue.js';
export * from './evaluate.js';
export * from './grants.js';
export * from './groups.js';
export * from './permissions.js';
export * from './validate-where.js';
