import { describe, expect, it } from 'vitest';
import { platformSendLimit } from './inbound';

describe('per-platform send limits (docs/platform-apis.md §2.6, §4.3)', () => {
  it('paces X DMs at 15 per 15 minutes and Messenger at 300/s; others use the caller’s default', () => {
    expect(platformSendLimit('twitter', 'dm')).toEqual({ perHour: 60, burst: 15 });
    expect(platformSendLimit('facebook', 'dm')).toEqual({ perHour: 1_080_000, burst: 30 });
    expect(platformSendLimit('instagram', 'dm')).toBeNull();
    expect(platformSendLimit('instagram', 'private_reply')).toBeNull();
    expect(platformSendLimit(null, 'dm')).toBeNull();
  });
});
