import { useSyncExternalStore } from 'react';
import { limits } from '../config/env';

/** The blocking loading overlay: shown while tracked requests run, forced closed after 20 s (SPEC §9). */
let pending = 0;
let forcedClosed = false;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function begin(): void {
  pending += 1;
  if (pending === 1) {
    forcedClosed = false;
    timer = setTimeout(() => {
      forcedClosed = true;
      emit();
    }, limits.loadingOverlayMaxMs);
  }
  emit();
}

function end(): void {
  pending = Math.max(0, pending - 1);
  if (pending === 0 && timer) {
    clearTimeout(timer);
    timer = undefined;
  }
  emit();
}

export async function withLoading<T>(work: Promise<T>): Promise<T> {
  begin();
  try {
    return await work;
  } finally {
    end();
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLoadingVisible(): boolean {
  return useSyncExternalStore(subscribe, () => pending > 0 && !forcedClosed);
}
