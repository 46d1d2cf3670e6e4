/**
 * A new key for one user action (a tap that sends a chore), sent with every
 * try of it as `Idempotency-Key` so that the server makes one thing however
 * often it arrives (ADR 0120): a random UUID. `crypto.randomUUID` is offered
 * to secure contexts only (https, localhost); a device on a plain http
 * address of a home network gets the same kind of UUID from
 * `crypto.getRandomValues`, which every context offers.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const hex = Array.from(bytes, (byte, index) => {
    // Version 4 (random) and the RFC 4122 variant, as randomUUID makes them.
    const value = index === 6 ? (byte & 0x0f) | 0x40 : index === 8 ? (byte & 0x3f) | 0x80 : byte;
    return value.toString(16).padStart(2, '0');
  }).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
