import type { CollabUser } from '@quire/proto';

/**
 * The co-editors' colours: each carries white initials and name labels at 4.5:1 or more, a cursor drawn in it
 * stands out at 3:1 or more on the light and the dark page, and a selection tinted with it (y-codemirror draws it
 * at 44 % opacity) keeps the text readable in both themes (e2e/web/collab-protocol.spec.ts checks all three).
 */
export const COLLAB_COLORS = ['#c64e1c', '#456ddf', '#1e8545', '#9950d8', '#cb4263', '#1f7e98', '#a4670e', '#c94079'] as const;

/** A user's colour: the same on every device (it follows the uid alone). */
export function collabColor(uid: number): string {
  return COLLAB_COLORS[Math.abs(Math.trunc(uid)) % COLLAB_COLORS.length];
}

/** The awareness user of a signed-in user: the name shown is the real name when set, else the login name. */
export function collabUser(user: { uid: number; username: string; name: string }): CollabUser {
  return { uid: user.uid, name: user.name.trim() || user.username, color: collabColor(user.uid) };
}

/** Up to two letters for an avatar: the initials of the first two words, or the first two characters. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length >= 2) return (Array.from(words[0])[0] + Array.from(words[1])[0]).toUpperCase();
  return Array.from(words[0] ?? '?')
    .slice(0, 2)
    .join('')
    .toUpperCase();
}
