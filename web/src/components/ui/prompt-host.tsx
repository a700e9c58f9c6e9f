import { type ComponentType, useEffect, useState } from 'react';
import { useCurrentPrompt } from '../../lib/alert';

type PromptDialogModule = typeof import('./prompt-dialog');

/** The first screen's downloads and drawing come first. */
const PREFETCH_AFTER_MS = 2_000;

let loaded: ComponentType | undefined;
let loading: Promise<ComponentType> | undefined;

/** The dialog's chunk, fetched once; a failed fetch (offline) is tried again on the next call. */
function loadPromptDialog(): Promise<ComponentType> {
  loading ??= import('./prompt-dialog').then(
    (module: PromptDialogModule) => (loaded = module.PromptDialog),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * The app's alert / confirm dialog, downloaded when the browser is idle after the first screen (or with the
 * first prompt, if that comes sooner): a reader's first screen shows none, and Fluent's dialog code need not
 * hold it up. Drawn once its code is there, without a Suspense boundary (whose reveal React may hold back).
 */
export function PromptHost() {
  const current = useCurrentPrompt();
  const [wanted, setWanted] = useState(false);
  const [, setArrived] = useState(false);
  if (!wanted && current) setWanted(true);
  useEffect(() => {
    const timer = window.setTimeout(() => window.requestIdleCallback(() => void loadPromptDialog().catch(() => undefined)), PREFETCH_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, []);
  useEffect(() => {
    if (!wanted || loaded) return;
    let live = true;
    loadPromptDialog().then(
      () => live && setArrived(true),
      (error: unknown) => console.error('[app] the dialog could not be loaded', error),
    );
    return () => {
      live = false;
    };
  }, [wanted]);
  // Once shown, it stays mounted and closes with its animation (prompt-dialog.tsx).
  const Dialog = wanted ? loaded : undefined;
  return Dialog ? <Dialog /> : null;
}
