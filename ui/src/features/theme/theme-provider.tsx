import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ThemeContext } from './theme.context';
import { applyThemePreference, readThemePreference, systemPrefersDark, writeThemePreference, type ThemePreference } from './theme.storage';

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [preference, setPreferenceState] = useState<ThemePreference>(readThemePreference);
  const [systemDark, setSystemDark] = useState(systemPrefersDark);

  // "System" follows the OS setting live, not only at load.
  useEffect(() => {
    const query = window.matchMedia?.('(prefers-color-scheme: dark)');
    if (!query) return;
    const onChange = (event: MediaQueryListEvent) => setSystemDark(event.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  useEffect(() => {
    applyThemePreference(preference);
  }, [preference, systemDark]);

  const setPreference = useCallback((value: ThemePreference) => {
    writeThemePreference(value);
    setPreferenceState(value);
  }, []);

  const value = useMemo(
    () => ({
      preference,
      resolved: (preference === 'dark' || (preference === 'system' && systemDark) ? 'dark' : 'light') as 'light' | 'dark',
      setPreference,
    }),
    [preference, systemDark, setPreference],
  );

  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}
