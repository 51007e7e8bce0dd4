import { GetSMSAttributesCommand, PublishCommand, SNSClient, SNSServiceException } from '@aws-sdk/client-sns';
import type { ChannelAdapter } from './channel-adapter.js';
import { networkError, PROVIDER_TIMEOUT_MS, ProviderError } from './provider-error.js';

export interface SnsSettings {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  region: string;
  /** The SNS endpoint (config_json `base_url`): a VPC endpoint, a test server. */
  baseUrl?: string;
  smsType?: 'Transactional' | 'Promotional';
  senderId?: string | null;
}

/** SNS error codes that will not change on another try. */
const FINAL_CODES = new Set([
  'InvalidParameter',
  'InvalidParameterValue',
  'AuthorizationError',
  'InvalidClientTokenId',
  'SignatureDoesNotMatch',
  'OptedOut',
  'EndpointDisabled',
]);

/** AWS SNS Publish to a phone number through the AWS SDK (SigV4 signed), with the region's endpoint or `base_url`. */
export function snsAdapter(settings: SnsSettings): ChannelAdapter & { close(): void } {
  const client = new SNSClient({
    region: settings.region,
    credentials: {
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
      ...(settings.sessionToken ? { sessionToken: settings.sessionToken } : {}),
    },
    ...(settings.baseUrl ? { endpoint: settings.baseUrl } : {}),
    // The queue retries with its own back-off; one attempt here keeps a send bounded.
    maxAttempts: 1,
    requestHandler: { requestTimeout: PROVIDER_TIMEOUT_MS, connectionTimeout: PROVIDER_TIMEOUT_MS },
  });

  function classify(error: unknown): ProviderError {
    if (error instanceof SNSServiceException) {
      const status = error.$metadata.httpStatusCode ?? 0;
      const retryable =
        !FINAL_CODES.has(error.name) &&
        (status >= 500 ||
          status === 429 ||
          error.name === 'Throttling' ||
          error.name === 'ThrottledException');
      return new ProviderError(`AWS SNS ${status}: ${error.message} (${error.name})`, retryable, {
        status,
      });
    }
    return networkError('AWS SNS', error);
  }

  return {
    describe: 'aws_sns',
    async check() {
      try {
        const answer = await client.send(new GetSMSAttributesCommand({ attributes: ['DefaultSMSType'] }));
        return `SMS attributes read: ${JSON.stringify(answer.attributes ?? {})}`;
      } catch (error) {
        throw classify(error);
      }
    },
    async send(to, message) {
      try {
        const answer = await client.send(
          new PublishCommand({
            PhoneNumber: to,
            Message: message.body,
            MessageAttributes: {
              'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: settings.smsType ?? 'Transactional' },
              ...(settings.senderId
                ? { 'AWS.SNS.SMS.SenderID': { DataType: 'String', StringValue: settings.senderId } }
                : {}),
            },
          }),
        );
        return answer.MessageId ?? '';
      } catch (error) {
        throw classify(error);
      }
    },
    close: () => client.destroy(),
  };
}
