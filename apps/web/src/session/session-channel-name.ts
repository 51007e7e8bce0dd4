/** The cross-tab channel's name; its own module so the public entry can listen without zod. */
export const SESSION_CHANNEL_NAME = 'pult-session';
