import { z } from 'zod';
import { emailText, nullableId, requiredText } from '../resources/fields.js';
import { isE164 } from './config-fields.js';
import { pushConfigWriteSchema } from './push-configs.js';
import { smsConfigWriteSchema } from './sms-configs.js';
import { smtpConfigWriteSchema } from './smtp-configs.js';

/**
 * "Test connection" (`POST <config path>/check`) and "Send test" (`POST <config path>/send-test`) take
 * the form's values as typed: a configuration being edited can be tried before it is saved. `id` names
 * the stored configuration whose secrets fill the secret fields left empty; typed secrets are used once
 * and not stored.
 */
export const smtpConfigCheckSchema = z.strictObject({ id: nullableId, config: smtpConfigWriteSchema });
export const smtpConfigSendTestSchema = z.strictObject({
  id: nullableId,
  config: smtpConfigWriteSchema,
  to: emailText,
});
export const smsConfigCheckSchema = z.strictObject({ id: nullableId, config: smsConfigWriteSchema });
export const smsConfigSendTestSchema = z.strictObject({
  id: nullableId,
  config: smsConfigWriteSchema,
  to: requiredText(20).refine(isE164, { error: 'phoneE164' }),
});
export const pushConfigCheckSchema = z.strictObject({ id: nullableId, config: pushConfigWriteSchema });
export const pushConfigSendTestSchema = z.strictObject({
  id: nullableId,
  config: pushConfigWriteSchema,
  /** A device token (FCM registration token, APNs device token, a Beams user id or interest). */
  to: requiredText(4096),
});
export type SmtpConfigSendTest = z.infer<typeof smtpConfigSendTestSchema>;
export type SmsConfigSendTest = z.infer<typeof smsConfigSendTestSchema>;
export type PushConfigSendTest = z.infer<typeof pushConfigSendTestSchema>;
