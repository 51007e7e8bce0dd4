export * from './admins.js';
export * from './descriptor.js';
export * from './fields.js';
export * from './geo.js';
export * from './list-query.js';
export * from './people.js';
export * from './settings.js';
export * from './users.js';
