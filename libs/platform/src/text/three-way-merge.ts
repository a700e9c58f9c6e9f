import { diffArrays } from 'diff';

export type ThreeWayMergeResult = { ok: true; merged: string } | { ok: false };

/**
 * Past this many changed lines between base and one side the diff gives up and the merge reports a
 * conflict: a rewrite that large is no edit to merge line by line, and the diff's cost grows with it.
 */
const MAX_EDIT_LENGTH = 10_000;

/** Lines of base [start, end) that one side replaced by `lines` (start === end: an insertion). */
interface Hunk {
  side: 'ours' | 'theirs';
  start: number;
  end: number;
  lines: string[];
}

/** A text as lines without their terminators, and whether a line break ends it. */
interface SplitText {
  lines: string[];
  finalNewline: boolean;
}

/**
 * Line-based three-way merge: the changes `ours` and `theirs` each made to `base`, applied together.
 * Changes to different lines merge (also lines next to each other); the same change made on both
 * sides counts once; different changes to the same lines, or two different insertions at the same
 * place, are a conflict (`{ ok: false }`), as is a diff too large to trust.
 *
 * Line breaks: CRLF and LF compare equal, and the merged text uses the line break `ours` uses (else
 * `theirs`', else `base`'s). A missing or added final line break is a change of its own, so it never
 * conflicts with an edit of the last line; when both sides changed it they agree, having the same
 * two choices.
 */
export function mergeThreeWay(base: string, ours: string, theirs: string): ThreeWayMergeResult {
  if (ours === theirs || theirs === base) return { ok: true, merged: ours };
  if (ours === base) return { ok: true, merged: theirs };

  const eol = lineBreakOf(ours) ?? lineBreakOf(theirs) ?? lineBreakOf(base) ?? '\n';
  const baseText = splitText(base);
  const oursText = splitText(ours);
  const theirsText = splitText(theirs);
  const oursHunks = hunksBetween(baseText.lines, oursText.lines, 'ours');
  const theirsHunks = hunksBetween(baseText.lines, theirsText.lines, 'theirs');
  if (!oursHunks || !theirsHunks) return { ok: false };

  const merged = mergeHunks(baseText.lines, [...oursHunks, ...theirsHunks]);
  if (!merged) return { ok: false };
  const finalNewline = oursText.finalNewline === baseText.finalNewline ? theirsText.finalNewline : oursText.finalNewline;
  return { ok: true, merged: merged.join(eol) + (finalNewline ? eol : '') };
}

function lineBreakOf(text: string): string | undefined {
  const at = text.indexOf('\n');
  if (at < 0) return undefined;
  return at > 0 && text[at - 1] === '\r' ? '\r\n' : '\n';
}

function splitText(text: string): SplitText {
  const normalized = text.replace(/\r\n/g, '\n');
  const finalNewline = normalized.endsWith('\n');
  const body = finalNewline ? normalized.slice(0, -1) : normalized;
  return { lines: body === '' ? [] : body.split('\n'), finalNewline };
}

/** The hunks that turn `base` into `side`, in order; undefined when the diff gave up. */
function hunksBetween(base: string[], side: string[], name: Hunk['side']): Hunk[] | undefined {
  const changes = diffArrays(base, side, { maxEditLength: MAX_EDIT_LENGTH });
  if (!changes) return undefined;
  const hunks: Hunk[] = [];
  let position = 0;
  let open: Hunk | undefined;
  for (const change of changes) {
    if (!change.added && !change.removed) {
      open = undefined;
      position += change.count;
      continue;
    }
    if (!open) {
      open = { side: name, start: position, end: position, lines: [] };
      hunks.push(open);
    }
    if (change.removed) {
      position += change.count;
      open.end = position;
    } else {
      open.lines.push(...change.value);
    }
  }
  return hunks;
}

/** Whether `next` (starting at or after the group's start) touches the same lines as the group. */
function overlaps(group: { start: number; end: number }, next: Hunk): boolean {
  if (group.start === group.end) return next.start === group.start && next.start === next.end;
  if (next.start === next.end) return next.start > group.start && next.start < group.end;
  return next.start < group.end;
}

/**
 * Applies both sides' hunks to base. Hunks are grouped while they overlap; a group holding one hunk
 * applies it, a larger one applies when both sides turn its base lines into the same text.
 */
function mergeHunks(base: string[], hunks: Hunk[]): string[] | undefined {
  // At the same start an insertion goes first: it lands before the replaced lines.
  hunks.sort((a, b) => a.start - b.start || a.end - a.start - (b.end - b.start));
  const merged: string[] = [];
  let position = 0;
  let index = 0;
  while (index < hunks.length) {
    const group = [hunks[index]];
    const range = { start: hunks[index].start, end: hunks[index].end };
    index++;
    while (index < hunks.length && overlaps(range, hunks[index])) {
      group.push(hunks[index]);
      range.end = Math.max(range.end, hunks[index].end);
      index++;
    }
    const replacement = group.length === 1 ? group[0].lines : agreedReplacement(base, range, group);
    if (!replacement) return undefined;
    merged.push(...base.slice(position, range.start), ...replacement);
    position = range.end;
  }
  merged.push(...base.slice(position));
  return merged;
}

/** What both sides made of base's lines [start, end), when that is the same text; else undefined. */
function agreedReplacement(base: string[], range: { start: number; end: number }, group: Hunk[]): string[] | undefined {
  const apply = (side: Hunk['side']): string[] => {
    const result: string[] = [];
    let position = range.start;
    for (const hunk of group.filter((h) => h.side === side)) {
      result.push(...base.slice(position, hunk.start), ...hunk.lines);
      position = hunk.end;
    }
    result.push(...base.slice(position, range.end));
    return result;
  };
  const ours = apply('ours');
  const theirs = apply('theirs');
  return ours.length === theirs.length && ours.every((line, i) => line === theirs[i]) ? ours : undefined;
}
