import { describe, expect, it } from 'vitest';
import { listenNotice } from './listen-notice';

describe('listenNotice', () => {
  it('tells a local development server how to open it to the network', () => {
    expect(listenNotice({ host: '127.0.0.1', port: 3000, isProduction: false })).toEqual({
      level: 'info',
      message: expect.stringContaining('HOST=0.0.0.0'),
    });
  });

  it('warns when a development server listens beyond this machine, and says nothing in production', () => {
    expect(listenNotice({ host: '0.0.0.0', port: 3000, isProduction: false })?.level).toBe('warn');
    expect(listenNotice({ host: '0.0.0.0', port: 3000, isProduction: true })).toBeNull();
  });
});
