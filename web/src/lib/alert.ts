import { useSyncExternalStore } from 'react';

/** One modal message at a time: server errors, confirmations and HTML notices (SPEC §8). */
export type Prompt =
  | { id: number; kind: 'alert'; message: string; title?: string; html?: boolean; resolve: () => void }
  | { id: number; kind: 'confirm'; message: string; title?: string; resolve: (ok: boolean) => void };

let queue: Prompt[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Shows a message in the app's alert dialog; resolves when it is closed. `html` content must be sanitized. */
export function showAlert(message: string, options: { title?: string; html?: boolean } = {}): Promise<void> {
  return new Promise((resolve) => {
    queue = [...queue, { id: nextId++, kind: 'alert', message, ...options, resolve }];
    emit();
  });
}

/** Asks the user to confirm (deletions, SPEC §5); resolves true on OK. */
export function confirmAction(message: string, options: { title?: string } = {}): Promise<boolean> {
  return new Promise((resolve) => {
    queue = [...queue, { id: nextId++, kind: 'confirm', message, ...options, resolve }];
    emit();
  });
}

export function closePrompt(id: number, ok: boolean): void {
  const prompt = queue.find((p) => p.id === id);
  queue = queue.filter((p) => p.id !== id);
  emit();
  if (prompt?.kind === 'confirm') prompt.resolve(ok);
  else prompt?.resolve();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCurrentPrompt(): Prompt | undefined {
  return useSyncExternalStore(subscribe, () => queue[0]);
}
