export * from './auth.js';
export * from './constants.js';
export * from './errors.js';
export * from './locales.js';
export * from './messages.js';
export * from './resources/index.js';
export * from './runtime-config.js';
export * from './validators.js';
