import type { NodeKind } from '@contracts/flows';

/** docs/product-spec.md §3 "colours by kind: blue, pink, yellow, purple, green, grey". */
export type NodeColor = 'blue' | 'pink' | 'yellow' | 'purple' | 'green' | 'grey';

export const nodeColorOf: Record<NodeKind, NodeColor> = {
  trigger: 'blue',
  instagramDM: 'pink',
  messengerDM: 'pink',
  twitterDM: 'pink',
  publicReply: 'pink',
  delay: 'yellow',
  waitForReply: 'yellow',
  askQuestion: 'yellow',
  followGate: 'yellow',
  bookTime: 'yellow',
  condition: 'purple',
  randomizer: 'purple',
  webhook: 'green',
  aiReply: 'purple',
  addTag: 'green',
  removeTag: 'green',
  setField: 'green',
  trackConversion: 'green',
  captureLead: 'green',
  enrollSequence: 'green',
  complete: 'grey',
};

/** Canvas classes per colour (light and dark). */
export const nodeColorClasses: Record<NodeColor, { card: string; accent: string; handle: string }> = {
  blue: {
    card: 'border-blue-300 bg-blue-50 text-blue-950 dark:border-blue-500/50 dark:bg-[#0f1d3d] dark:text-blue-50',
    accent: 'bg-blue-500 text-white',
    handle: '!bg-blue-500',
  },
  pink: {
    card: 'border-pink-300 bg-pink-50 text-pink-950 dark:border-pink-500/50 dark:bg-[#3a0f24] dark:text-pink-50',
    accent: 'bg-pink-500 text-white',
    handle: '!bg-pink-500',
  },
  yellow: {
    card: 'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-500/50 dark:bg-[#33200a] dark:text-amber-50',
    accent: 'bg-amber-500 text-white',
    handle: '!bg-amber-500',
  },
  purple: {
    card: 'border-violet-300 bg-violet-50 text-violet-950 dark:border-violet-500/50 dark:bg-[#251845] dark:text-violet-50',
    accent: 'bg-violet-500 text-white',
    handle: '!bg-violet-500',
  },
  green: {
    card: 'border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-500/50 dark:bg-[#0a2a20] dark:text-emerald-50',
    accent: 'bg-emerald-500 text-white',
    handle: '!bg-emerald-500',
  },
  grey: {
    card: 'border-slate-300 bg-slate-100 text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100',
    accent: 'bg-slate-500 text-white',
    handle: '!bg-slate-500',
  },
};

/** Minimap fill per colour. */
export const nodeColorHex: Record<NodeColor, string> = {
  blue: '#3b82f6',
  pink: '#ec4899',
  yellow: '#f59e0b',
  purple: '#8b5cf6',
  green: '#10b981',
  grey: '#64748b',
};

const storedStyle: Record<NodeColor, { background: string; color: string; border: string }> = {
  blue: { background: '#eff6ff', color: '#1e3a8a', border: '1px solid #93c5fd' },
  pink: { background: '#fdf2f8', color: '#831843', border: '1px solid #f9a8d4' },
  yellow: { background: '#fffbeb', color: '#78350f', border: '1px solid #fcd34d' },
  purple: { background: '#f5f3ff', color: '#4c1d95', border: '1px solid #c4b5fd' },
  green: { background: '#ecfdf5', color: '#064e3b', border: '1px solid #6ee7b7' },
  grey: { background: '#f1f5f9', color: '#0f172a', border: '1px solid #cbd5e1' },
};

/** The `style` saved with a node (docs/product-spec.md §3: background, colour, border by kind; radius 8px; bold). */
export function nodeStyleOf(kind: NodeKind): Record<string, string | number> {
  return { ...storedStyle[nodeColorOf[kind]], borderRadius: 8, fontWeight: 'bold' };
}
