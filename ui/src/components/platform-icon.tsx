import type { Platform } from '@contracts/platforms';
import { cn } from '../lib/cn';
import { Icon, type IconName } from './icon';

const meta: Record<Platform, { icon: IconName; label: string; tone: string }> = {
  instagram: { icon: 'instagram', label: 'Instagram', tone: 'bg-gradient-to-br from-amber-400 via-pink-500 to-violet-600' },
  facebook: { icon: 'facebook', label: 'Facebook', tone: 'bg-blue-600' },
  twitter: { icon: 'x-brand', label: 'X (Twitter)', tone: 'bg-slate-900 dark:bg-slate-700' },
};

export function platformLabel(platform: Platform): string {
  return meta[platform]?.label ?? platform;
}

interface PlatformIconProps {
  platform: Platform;
  /** Outer size in pixels. */
  size?: number;
  className?: string;
}

/** The platform's glyph on its brand colour, with the platform name for screen readers. */
export function PlatformIcon({ platform, size = 20, className }: PlatformIconProps) {
  const m = meta[platform] ?? meta.instagram;
  return (
    <span
      role="img"
      aria-label={m.label}
      title={m.label}
      style={{ width: size, height: size }}
      className={cn('inline-flex shrink-0 items-center justify-center rounded-full text-white', m.tone, className)}
    >
      <Icon name={m.icon} size={Math.round(size * 0.6)} />
    </span>
  );
}
