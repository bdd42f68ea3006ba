import { describe, expect, it } from 'vitest';
import { classifyIntent } from './classify-intent';

describe('classifyIntent', () => {
  it.each([
    ['What is the Price?', 'pricing'],
    ['how much for two?', 'pricing'],
    ['Prices please', 'pricing'],
    ['I want to buy one', 'purchase'],
    ['Where can I get this?', 'purchase'],
    ['I want to buy it, what does it cost?', 'purchase'],
    ['Can I book a session for Friday?', 'booking'],
    ['how much to book a call', 'booking'],
    ['Is there availability next week?', 'booking'],
    ['My order is broken, I need a refund', 'support'],
    ['it doesn\u2019t work', 'support'],
    ['Love this post!', 'general'],
    ['priceless 😍', 'general'],
    ['in order to grow', 'general'],
    ['', 'general'],
  ])('%j is %s', (text, intent) => {
    expect(classifyIntent(text)).toBe(intent);
  });
});
