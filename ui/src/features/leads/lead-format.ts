import type { LeadSource, LeadStatus } from '@contracts/leads';
import type { BadgeTone } from '../../components/badge';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** docs/product-spec.md §9: values are kept in cents and shown as USD. */
export const formatUsd = (cents: number) => usd.format(cents / 100);

/** "$1,299.00" or "1299" → cents; null when it is not an amount. */
export function parseUsd(text: string): number | null {
  const clean = text.replace(/[$,\s]/g, '');
  if (clean === '') return 0;
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  return Math.round(Number(clean) * 100);
}

export const statusLabels: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  qualified: 'Qualified',
  converted: 'Converted',
  lost: 'Lost',
};

export const statusTones: Record<LeadStatus, BadgeTone> = {
  new: 'info',
  contacted: 'brand',
  qualified: 'warning',
  converted: 'success',
  lost: 'neutral',
};

export const sourceLabels: Record<LeadSource, string> = {
  instagram: 'Instagram',
  facebook: 'Facebook',
  twitter: 'Twitter',
  manual: 'Manual',
  import: 'Import',
};
