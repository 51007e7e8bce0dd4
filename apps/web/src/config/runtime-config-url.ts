/** Where the server publishes the panel's runtime settings; its own module so the public entry can read it without zod. */
export const RUNTIME_CONFIG_URL = '/config.json';
