import { describe, expect, it } from 'vitest';
import { bodyLooksLikeJson } from './webhook-body';

describe('bodyLooksLikeJson', () => {
  it('accepts JSON with variables inside strings or as values, and an empty body', () => {
    expect(bodyLooksLikeJson('')).toBe(true);
    expect(bodyLooksLikeJson('{"name": "{name}", "greeting": "Hi {first_name}!"}')).toBe(true);
    expect(bodyLooksLikeJson('{"n": {first_name}}')).toBe(true);
  });
  it('flags broken JSON', () => {
    expect(bodyLooksLikeJson('{"name": }')).toBe(false);
    expect(bodyLooksLikeJson('name={name}')).toBe(false);
  });
});
