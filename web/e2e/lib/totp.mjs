// The codes an authenticator app shows (RFC 6238: HMAC-SHA1, 6 digits,
// 30-second steps), for browser tests that sign in with two-factor sign-in.
import { createHmac } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** The bytes of a base32 secret (RFC 4648; spaces and padding ignored). */
export function base32Bytes(secret) {
  let bits = '';
  for (const char of secret.toUpperCase().replace(/[\s=]/g, '')) {
    const value = BASE32.indexOf(char);
    if (value < 0) throw new Error(`not a base32 secret: ${secret}`);
    bits += value.toString(2).padStart(5, '0');
  }
  return Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
}

/** The code an app holding the base32 `secret` shows at `at` (milliseconds since the epoch). */
export function totp(secret, at = Date.now()) {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', base32Bytes(secret)).update(counter).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** The secret of an otpauth:// address, as a QR code gives it to the app. */
export function secretOf(otpauthUrl) {
  return new URL(otpauthUrl).searchParams.get('secret');
}
