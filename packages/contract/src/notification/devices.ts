import { z } from 'zod';
import { oneOf } from '../resources/fields.js';

/** `POST/DELETE /notification/api/v1/devices`: a platform user's push device tokens. */
export const DEVICE_PLATFORMS = ['android', 'ios', 'web'] as const;
export type DevicePlatform = (typeof DEVICE_PLATFORMS)[number];

/** FCM registration tokens, APNs device tokens (hex), Beams ids: printable ASCII without spaces or `@`. */
export const deviceToken = z
  .string({ error: 'required' })
  .regex(/^[\x21-\x3f\x41-\x7e]{8,4096}$/, { error: 'recipientInvalidToken' });

export const deviceRegisterSchema = z.strictObject({ token: deviceToken, platform: oneOf(DEVICE_PLATFORMS) });
export const deviceRemoveSchema = z.strictObject({ token: deviceToken });
export const deviceSchema = z.object({
  token: z.string(),
  platform: z.enum(DEVICE_PLATFORMS),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Device = z.infer<typeof deviceSchema>;
