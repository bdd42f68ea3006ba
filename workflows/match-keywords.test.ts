import { describe, expect, it } from 'vitest';
import { matchKeyword } from './match-keywords';

describe('matchKeyword', () => {
  it.each([
    ['PRICE?', ['price'], 'price'],
    ["what's the price of this", ['Price'], 'Price'],
    ['  send me the link please ', ['link'], 'link'],
    ['I want more info!', ['more info'], 'more info'],
    ['Preis bitte 🙏', ['preis'], 'preis'],
    ['¿precio?', ['precio'], 'precio'],
    ['price', ['  price  '], 'price'],
  ])('%j matches %j', (text, keywords, hit) => {
    expect(matchKeyword(text, keywords)).toBe(hit);
  });

  it.each([
    ['priceless art', ['price']],
    ['unlinked', ['link']],
    ['more  information', ['more info']],
    ['anything', []],
    ['anything', ['   ']],
  ])('%j does not match %j', (text, keywords) => {
    expect(matchKeyword(text, keywords)).toBeNull();
  });

  it('treats regex characters in keywords literally', () => {
    expect(matchKeyword('is it $5?', ['$5'])).toBe('$5');
    expect(matchKeyword('a.b', ['a*b'])).toBeNull();
  });
});
