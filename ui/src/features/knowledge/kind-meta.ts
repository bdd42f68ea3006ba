import type { KnowledgeKind, KnowledgeSource } from '@contracts/knowledge';
import type { BadgeTone } from '../../components/badge';
import type { IconName } from '../../components/icon';

/** How each kind is named and marked on the page, in tab order. */
export const kindMeta: Record<KnowledgeKind, { label: string; plural: string; icon: IconName; tone: BadgeTone }> = {
  profile: { label: 'Business profile', plural: 'Profile', icon: 'user', tone: 'brand' },
  offer: { label: 'Offer', plural: 'Offers', icon: 'star', tone: 'success' },
  faq: { label: 'FAQ', plural: 'FAQs', icon: 'message-square', tone: 'info' },
  document: { label: 'Document', plural: 'Documents', icon: 'book', tone: 'neutral' },
  testimonial: { label: 'Testimonial', plural: 'Testimonials', icon: 'thumbs-up', tone: 'warning' },
  page: { label: 'Web page', plural: 'Web pages', icon: 'globe', tone: 'neutral' },
};

export const tabKinds: KnowledgeKind[] = ['profile', 'offer', 'faq', 'document', 'testimonial', 'page'];

/** Kinds a person adds by hand (pages come from the website scan). */
export const addableKinds: Exclude<KnowledgeKind, 'page'>[] = ['faq', 'offer', 'document', 'testimonial', 'profile'];

export const sourceMeta: Record<KnowledgeSource, { label: string; tone: BadgeTone }> = {
  typed: { label: 'Typed', tone: 'neutral' },
  scan: { label: 'Website scan', tone: 'info' },
  onboarding: { label: 'Onboarding', tone: 'brand' },
};

export function formatUsd(cents: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: cents % 100 === 0 ? 0 : 2 }).format(cents / 100);
}
