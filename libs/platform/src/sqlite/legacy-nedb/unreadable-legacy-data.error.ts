/**
 * The data of the previous release cannot be converted as it is. Thrown before anything is kept,
 * so the old files stay where they are and the next start tries again once the cause is fixed.
 */
export class UnreadableLegacyDataError extends Error {
  constructor(
    readonly file: string,
    reason: string,
  ) {
    super(
      `Cannot convert ${file} (data of the previous release) to SQLite: ${reason}. ` +
        'Nothing was converted and the old files are untouched; fix or restore this file from a backup, then start again.',
    );
    this.name = 'UnreadableLegacyDataError';
  }
}
