import { useSyncExternalStore } from 'react';

export type ThemeName = 'light' | 'dark';

const STORAGE_KEY = 'quire_theme';
const listeners = new Set<() => void>();

function initial(): ThemeName {
  try {
    const saved = window.localStorage.getItem(STORAGE_KEY);
    if (saved === 'light' || saved === 'dark') return saved;
  } catch {
    // storage may be unavailable (private mode); fall back to the system preference
  }
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

let current: ThemeName = initial();

export function toggleTheme(): void {
  current = current === 'dark' ? 'light' : 'dark';
  try {
    window.localStorage.setItem(STORAGE_KEY, current);
  } catch {
    // not persisted; the choice still applies to this visit
  }
  for (const listener of listeners) listener();
}

export function useThemeName(): ThemeName {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
