import { describe, expect, it } from 'vitest';
import { contactFromName, newCommentId, recipientLabel, withContact } from './simulator.helpers';

describe('contactFromName', () => {
  it('makes a sim-<slug> id and a username from the name', () => {
    expect(contactFromName('Maya Chen')).toEqual({ externalUserId: 'sim-maya-chen', name: 'Maya Chen', username: 'maya_chen' });
  });

  it('strips accents and punctuation', () => {
    expect(contactFromName('  Zoë  O’Brien! ').externalUserId).toBe('sim-zoe-o-brien');
  });

  it('falls back when nothing is left', () => {
    expect(contactFromName('🙂').externalUserId).toBe('sim-contact');
  });

  it('stays within the contract limits', () => {
    const c = contactFromName('a'.repeat(300));
    expect(c.externalUserId.length).toBeLessThanOrEqual(64);
    expect(c.username.length).toBeLessThanOrEqual(64);
    expect(c.name.length).toBeLessThanOrEqual(100);
  });
});

describe('recipientLabel', () => {
  it('uses the contact name when known, else the raw id', () => {
    const contacts = [{ externalUserId: 'sim-maya', name: 'Maya', username: 'maya.creates' }];
    const item = { id: '1', accountId: 'a', kind: 'dm' as const, commentId: null, text: 'x', createdAt: '' };
    expect(recipientLabel({ ...item, recipientExternalId: 'sim-maya' }, contacts)).toBe('Maya (@maya.creates)');
    expect(recipientLabel({ ...item, recipientExternalId: 'sim-x' }, contacts)).toBe('sim-x');
  });
});

describe('withContact / newCommentId', () => {
  it('adds a contact once', () => {
    const c = { externalUserId: 'sim-a', name: 'A', username: 'a' };
    expect(withContact(withContact([], c), c)).toEqual([c]);
  });

  it('comment ids are prefixed hex', () => {
    expect(newCommentId((b) => b.fill(171))).toBe('simc_abababababababab');
  });
});
