/** Valid bodies of the three configuration kinds, for tests; each secret is a distinctive string. */
export const smtpBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Relay',
  host: 'smtp.example.test',
  port: 587,
  username: 'mailer',
  password: 'smtp-pass-Xq1',
  encryption: 'tls',
  from_address: 'no-reply@example.test',
  from_name: 'Pult',
  is_active: true,
  is_default: false,
  config_json: {},
  ...overrides,
});
export const smsBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Twilio',
  provider: 'twilio',
  api_key: 'AC00000000000000000000000000000001',
  api_secret: 'twilio-token-Zr7',
  from_number: '+380501234567',
  is_active: true,
  is_default: false,
  config_json: { base_url: 'http://127.0.0.1:9/' },
  ...overrides,
});
export const pushBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'APNs',
  provider: 'apns',
  app_id: 'com.example.app',
  server_key: '-----BEGIN PRIVATE KEY-----\nsecret-p8\n-----END PRIVATE KEY-----',
  is_active: true,
  is_default: false,
  config_json: { key_id: 'ABC123DEFG', team_id: 'TEAM123456' },
  ...overrides,
});
