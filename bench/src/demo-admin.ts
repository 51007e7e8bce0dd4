import { DEMO_ADMIN } from '../../e2e/support/pult-server.js';

/** The demo administrator's access token from a running server's sign-in. */
export async function demoAdminToken(serverUrl: string): Promise<string> {
  const signin = await fetch(`${serverUrl}/auth/admin/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_ADMIN),
  });
  if (!signin.ok) throw new Error(`Sign-in failed: ${signin.status}`);
  const { access_token: token } = (await signin.json()) as { access_token: string };
  return token;
}
