const MAX_NAME_LENGTH = 255;

/**
 * The name a file is listed and downloaded under: the last segment of what the client sent
 * (old browsers sent a whole path), without control characters, at most 255 characters
 * (the extension kept), never empty.
 */
export function displayName(clientName: string): string {
  const base = (clientName.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  const chars = Array.from(base);
  if (chars.length <= MAX_NAME_LENGTH) return base || 'file';
  const dot = base.lastIndexOf('.');
  const extension = dot > 0 ? Array.from(base.slice(dot)) : [];
  if (extension.length > 16) return chars.slice(0, MAX_NAME_LENGTH).join('');
  return chars.slice(0, MAX_NAME_LENGTH - extension.length).join('') + extension.join('');
}

/** Pasted images arrive named `blob`; ShowDoc names them `blob.jpg` (contract §9.4). */
export function imageDisplayName(clientName: string): string {
  const name = displayName(clientName);
  return name === 'blob' || name === 'file' ? `${name}.jpg` : name;
}
