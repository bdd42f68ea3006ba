import { useState } from 'react';
import { cn } from '../lib/cn';

interface AvatarProps {
  imageUrl?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  size?: number;
  className?: string;
}

/** Profile image, falling back to initials, then to a generic "U". */
export function Avatar({ imageUrl, firstName, lastName, size = 32, className }: AvatarProps) {
  const [broken, setBroken] = useState(false);
  const initials = `${firstName?.trim()[0] ?? ''}${lastName?.trim()[0] ?? ''}`.toUpperCase() || 'U';
  const style = { width: size, height: size, fontSize: Math.round(size * 0.4) };

  if (imageUrl && !broken) {
    return (
      <img
        src={imageUrl}
        alt=""
        style={style}
        onError={() => setBroken(true)}
        className={cn('shrink-0 rounded-full object-cover', className)}
        referrerPolicy="no-referrer"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      style={style}
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-indigo-500 to-violet-500 font-semibold text-white',
        className,
      )}
    >
      {initials}
    </span>
  );
}
