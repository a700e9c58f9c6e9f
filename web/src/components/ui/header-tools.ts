import { type ReactNode, createContext } from 'react';

/**
 * What the app puts in the header of every screen, beside the theme switch (the search box). The
 * app layer provides it, so that the layout, a shared component, imports no feature.
 */
export const HeaderTools = createContext<ReactNode>(null);
