import { createHmac } from 'node:crypto';

/** RFC 4648 base32 → bytes (the secret as the profile shows it, spaces allowed). */
function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of text.replace(/[\s=]/g, '').toUpperCase()) {
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => Number.parseInt(byte, 2)));
}

/** RFC 6238 (SHA-1, 6 digits, 30 s) for the given time step, apart from the server's own code. */
export function totp(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = (mac[mac.length - 1] as number) & 0x0f;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return value.toString().padStart(6, '0');
}

const stepNow = () => Math.floor(Date.now() / 30_000);

/** A code for a step no code was used for yet (the server accepts one step ahead, each step once). */
export function nextCode(secret: string, used: { step: number }): string {
  used.step = Math.max(used.step + 1, stepNow());
  return totp(secret, used.step);
}

/**
 * The next unused code the server accepts now: it takes one step ahead at most, so after a few codes
 * in quick succession this waits for the clock to reach the next step.
 */
export async function freshCode(secret: string, used: { step: number }): Promise<string> {
  // Step `used.step + 1` is accepted from the moment step `used.step` begins.
  const wait = used.step * 30_000 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait + 200));
  return nextCode(secret, used);
}
