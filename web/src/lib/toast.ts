import { useSyncExternalStore } from 'react';

/** A routine success (saved, deleted, sent): shown as a toast that goes away by itself; dialogs are for questions. */
export interface SuccessToast {
  id: number;
  message: string;
}

let pending: SuccessToast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Shows `message` in the app's success toast; it does not block and needs no answer. */
export function showSuccess(message: string): void {
  pending = [...pending, { id: nextId++, message }];
  emit();
}

/** Called by the toast host once it has shown these toasts. */
export function takeSuccesses(ids: number[]): void {
  pending = pending.filter((toast) => !ids.includes(toast.id));
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePendingSuccesses(): SuccessToast[] {
  return useSyncExternalStore(subscribe, () => pending);
}
