export * from './admin.js';
export * from './channels.js';
export * from './events.js';
