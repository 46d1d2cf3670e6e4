import { cn } from '@/utils/cn';

/** A colour of its own for each child's picture, the same on every visit. */
export function avatarHue(id: string): number {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) % 360;
  return hash;
}

function initial(name: string): string {
  return (name.trim().charAt(0) || '?').toUpperCase();
}

/** A child's picture: their initial on a colour of their own (white on it reads at 4.5:1 or more). */
export function ChildAvatar({ id, name, className }: { id: string; name: string; className?: string }) {
  return (
    <span
      className={cn('tablet-avatar__picture', className)}
      aria-hidden="true"
      style={{ backgroundColor: `hsl(${avatarHue(id)} 55% 32%)` }}
    >
      {initial(name)}
    </span>
  );
}
