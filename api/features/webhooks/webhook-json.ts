/**
 * Whether JSON text, once parsed, is certainly storable as it is (contracts/json-safety.ts), judged
 * from its bytes alone: JSON.parse can only produce a NUL or a lone UTF-16 surrogate from a `\u`
 * escape (raw control characters are a parse error; invalid UTF-8 decodes to U+FFFD), and a value
 * cannot be nested deeper than it has `{` and `[` bytes. Almost every webhook body passes, and then
 * the walk over the parsed value (toStorableJson) is not needed. A false answer only means "walk it".
 */
export function rawJsonIsStorable(raw: Buffer, maxDepth = 64): boolean {
  let open = 0;
  for (let i = 0; i < raw.length; i++) {
    const b = raw[i]!;
    if (b === 0x5b || b === 0x7b) {
      if (++open > maxDepth) return false;
    } else if (b === 0x5c && raw[i + 1] === 0x75) return false; // a backslash followed by `u`
  }
  return true;
}
