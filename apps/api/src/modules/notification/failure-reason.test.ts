import { describe, expect, it } from 'vitest';
import { configurationError, httpError, networkError, ProviderError } from './channels/provider-error.js';
import { deliveryFailureReason } from './failure-reason.js';

const smtp = (code: string, responseCode?: number) =>
  Object.assign(new Error('x'), { code, ...(responseCode ? { responseCode } : {}) });

describe('failure reasons', () => {
  it('classes SMTP failures by the reply and nodemailer’s code', () => {
    expect(deliveryFailureReason(smtp('EENVELOPE', 550))).toBe('rejected');
    expect(deliveryFailureReason(smtp('EMESSAGE', 554))).toBe('rejected');
    expect(deliveryFailureReason(smtp('EENVELOPE', 450))).toBe('temporary');
    expect(deliveryFailureReason(smtp('EAUTH', 535))).toBe('auth');
    expect(deliveryFailureReason(smtp('EAUTH'))).toBe('auth');
    expect(deliveryFailureReason(smtp('ECONNECTION'))).toBe('connection');
    expect(deliveryFailureReason(smtp('ETIMEDOUT'))).toBe('connection');
    expect(deliveryFailureReason(smtp('EDNS'))).toBe('connection');
    expect(deliveryFailureReason(new Error('socket hang up'))).toBe('other');
    expect(deliveryFailureReason('weird')).toBe('other');
  });

  it('classes provider errors by what the adapter knew', () => {
    expect(deliveryFailureReason(networkError('Twilio', new Error('ECONNREFUSED')))).toBe('connection');
    expect(deliveryFailureReason(configurationError('No active SMS configuration', true))).toBe(
      'configuration',
    );
    expect(deliveryFailureReason(httpError('Twilio', 401, 'Authenticate'))).toBe('auth');
    expect(deliveryFailureReason(httpError('FCM', 403, 'Forbidden'))).toBe('auth');
    expect(deliveryFailureReason(httpError('Twilio', 429, 'Too many'))).toBe('temporary');
    expect(deliveryFailureReason(httpError('FCM', 503, 'Unavailable'))).toBe('temporary');
    expect(deliveryFailureReason(httpError('FCM', 404, 'UNREGISTERED', null, true))).toBe('rejected');
    expect(deliveryFailureReason(httpError('Twilio', 400, 'Invalid To number'))).toBe('provider');
    expect(deliveryFailureReason(new ProviderError('Vonage status 4: Invalid credentials', false))).toBe(
      'provider',
    );
  });
});
