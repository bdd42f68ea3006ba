import { THEME_STORAGE_KEY } from '@contracts/theme-boot';

export type ThemePreference = 'light' | 'dark' | 'system';

export function readThemePreference(): ThemePreference {
  try {
    const value = window.localStorage.getItem(THEME_STORAGE_KEY);
    if (value === 'light' || value === 'dark' || value === 'system') return value;
  } catch {
    // Storage can be blocked (private mode, policies): fall back to the default.
  }
  return 'system';
}

export function writeThemePreference(value: ThemePreference): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, value);
  } catch {
    // Ignored: the choice still applies for this page view.
  }
}

export function systemPrefersDark(): boolean {
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
}

/** Puts or removes the `dark` class on <html>; returns whether dark is now applied. */
export function applyThemePreference(value: ThemePreference): boolean {
  const dark = value === 'dark' || (value === 'system' && systemPrefersDark());
  document.documentElement.classList.toggle('dark', dark);
  return dark;
}
