import { describe, expect, it } from 'vitest';
import { renderTemplate } from './render-template';

describe('renderTemplate', () => {
  const maya = { name: 'Maya Chen', username: 'maya.creates' };

  it('fills the contact variables', () => {
    expect(renderTemplate('Hi {first_name} {last_name} ({username}), thanks {name}!', maya)).toBe('Hi Maya Chen (@maya.creates), thanks Maya Chen!');
  });

  it('tolerates spacing and case inside braces', () => {
    expect(renderTemplate('Hi { FIRST_NAME }', maya)).toBe('Hi Maya');
  });

  it('falls back to a neutral word when the contact has no name', () => {
    expect(renderTemplate('Hi {first_name}!', { name: '', username: null })).toBe('Hi there!');
  });

  it('leaves unknown variables visible', () => {
    expect(renderTemplate('Code: {coupon}', maya)).toBe('Code: {coupon}');
  });

  it('reads custom fields', () => {
    expect(renderTemplate('Size {field.size}', { ...maya, customFields: { size: 'M' } })).toBe('Size M');
  });
});
