import { type Theme, webLightTheme } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import type { ThemeName } from './theme';

let darkTheme: Theme | undefined;
let darkLoading: Promise<Theme> | undefined;

/** Fluent's dark theme, downloaded when first used: a reader in the light theme never needs its tokens. */
function loadDarkTheme(): Promise<Theme> {
  darkLoading ??= import('@fluentui/tokens').then((module) => (darkTheme = module.webDarkTheme));
  return darkLoading;
}

/** The Fluent theme of a theme name; undefined while the dark theme is still downloading. */
export function useFluentTheme(name: ThemeName): Theme | undefined {
  const [, setLoaded] = useState(0);
  useEffect(() => {
    if (name === 'dark' && !darkTheme) void loadDarkTheme().then(() => setLoaded((n) => n + 1));
  }, [name]);
  return name === 'dark' ? darkTheme : webLightTheme;
}
