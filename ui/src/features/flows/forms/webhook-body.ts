/**
 * Whether a body template is JSON once its {variables} are filled in. A stand-in `0` is valid both
 * inside a string ("Hi 0!") and as a bare value, so only the template's own syntax is judged.
 */
export function bodyLooksLikeJson(body: string): boolean {
  if (!body.trim()) return true;
  try {
    JSON.parse(body.replace(/\{[a-zA-Z_][a-zA-Z0-9_]*\}/g, '0'));
    return true;
  } catch {
    return false;
  }
}
