import type { OutboxItem } from '@contracts/simulator';
import type { SimContact } from './simulator.api';

/** A fake contact from a typed name: "Zoë Ad-Lovelace" → sim-zoe-ad-lovelace / @zoe_ad_lovelace. */
export function contactFromName(name: string): SimContact {
  const slug =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40)
      .replace(/-+$/, '') || 'contact';
  return { externalUserId: `sim-${slug}`, name: name.trim().slice(0, 100) || 'New contact', username: slug.replaceAll('-', '_') };
}

export const outboxKindLabel: Record<OutboxItem['kind'], string> = {
  private_reply: 'Private reply (DM)',
  dm: 'Direct message',
  public_reply: 'Public reply',
};

/** Who an outbox item went to, by the simulator's contact list when known. */
export function recipientLabel(item: OutboxItem, contacts: readonly SimContact[]): string {
  const contact = contacts.find((c) => c.externalUserId === item.recipientExternalId);
  return contact ? `${contact.name} (@${contact.username})` : item.recipientExternalId;
}

/** A platform-style comment id made on the client so replies can be matched to the comment. */
export function newCommentId(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  const bytes = random(new Uint8Array(8));
  return `simc_${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Adds a contact to the list unless one with the same externalUserId is there. */
export function withContact(contacts: readonly SimContact[], contact: SimContact): SimContact[] {
  return contacts.some((c) => c.externalUserId === contact.externalUserId) ? [...contacts] : [...contacts, contact];
}
