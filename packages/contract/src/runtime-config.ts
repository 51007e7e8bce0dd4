import { z } from 'zod';

/** `GET /config.json`: lets one panel build talk to services on other hosts. */
export const runtimeConfigSchema = z.object({
  authServiceUrl: z.string(),
  storageServiceUrl: z.string(),
  chatServiceUrl: z.string(),
  notificationServiceUrl: z.string(),
  companyName: z.string(),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

/** Where each service is mounted inside the single server (ARCHITECTURE.md). */
export const SERVICE_BASE_PATHS = {
  auth: '/auth',
  storage: '/storage/api/v1',
  chat: '/chat/rest/v1',
  notification: '/notification/api/v1',
} as const;

export type ServiceName = keyof typeof SERVICE_BASE_PATHS;
export const SERVICE_NAMES = [
  'auth',
  'storage',
  'chat',
  'notification',
] as const satisfies readonly ServiceName[];
