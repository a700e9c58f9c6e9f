import * as fs from 'node:fs';

/** How the benches print and send what they measure: one place for the small helpers each of them needs. */

export const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** A goal's verdict as the benches print it. */
export const verdict = (ok: boolean): string => (ok ? 'met' : 'MISSED');

/** Prints a bench's goals, each with its verdict; true when every one is met. */
export function printGoals(goals: [string, boolean][]): boolean {
  console.log('\ngoals:');
  for (const [text, ok] of goals) console.log(`  ${verdict(ok).padEnd(6)} ${text}`);
  return goals.every(([, ok]) => ok);
}

/** A form-encoded body, as ShowDoc's clients post it. */
export const form = (params: Record<string, string | number>): string => new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();

/** A file's size in bytes, 0 when it is not there. */
export const fileSize = (file: string): number => (fs.existsSync(file) ? fs.statSync(file).size : 0);
