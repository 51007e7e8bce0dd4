import type { WebauthnResponse } from '@pult/contract';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';

/** How a passkey ceremony in the browser ended. */
export type PasskeyOutcome =
  | { kind: 'done'; response: WebauthnResponse }
  /** The administrator closed the browser's prompt, or it timed out: nothing to report. */
  | { kind: 'cancelled' }
  | { kind: 'failed'; message: string };

function outcomeOf(error: unknown): PasskeyOutcome {
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError') return { kind: 'cancelled' };
  return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
}

// The library is loaded on first use, so screens that never use a passkey do not download it.
const library = () => import('@simplewebauthn/browser');

/** Answers the server's challenge with one of the administrator's passkeys. */
export async function signWithPasskey(options: unknown): Promise<PasskeyOutcome> {
  const { startAuthentication } = await library();
  try {
    // The server's options, passed through as the library's JSON form (it checks them itself).
    const response = await startAuthentication({
      optionsJSON: options as PublicKeyCredentialRequestOptionsJSON,
    });
    return { kind: 'done', response: response as unknown as WebauthnResponse };
  } catch (error) {
    return outcomeOf(error);
  }
}

/** Makes a new passkey for the server's registration options. */
export async function createPasskey(options: unknown): Promise<PasskeyOutcome> {
  const { startRegistration } = await library();
  try {
    const response = await startRegistration({
      optionsJSON: options as PublicKeyCredentialCreationOptionsJSON,
    });
    return { kind: 'done', response: response as unknown as WebauthnResponse };
  } catch (error) {
    return outcomeOf(error);
  }
}
