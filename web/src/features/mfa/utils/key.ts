/** A secret as it is typed into an authenticator app: in groups of four ("JBSW Y3DP EHPK 3PXP"). */
export function groupKey(secret: string): string {
  return (secret.replace(/\s+/g, '').match(/.{1,4}/g) ?? []).join(' ');
}
