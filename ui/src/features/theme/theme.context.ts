import { createContext } from 'react';
import type { ThemePreference } from './theme.storage';

export interface ThemeContextValue {
  preference: ThemePreference;
  resolved: 'light' | 'dark';
  setPreference: (value: ThemePreference) => void;
}

export const ThemeContext = createContext<ThemeContextValue | null>(null);
