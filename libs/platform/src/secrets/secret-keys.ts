import { ConfigError, type Mode, type QuireConfig } from '@quire/config';
import type { SecretKeys } from './secret-cipher';
import { loadOrCreateSecretKeyFile } from './secret-key-file';

/**
 * The keys of this process: QUIRE_SECRET_KEY (with QUIRE_SECRET_KEY_PREVIOUS) when set. Without it an
 * embedded process reads or creates its key file, outside DATA_DIR; a distributed one refuses to
 * boot, since every process must share one key.
 */
export function secretKeysFor(mode: Mode, config: QuireConfig): SecretKeys {
  const { key, previousKeys, keyFile } = config.secrets;
  if (key) return { current: key, previous: previousKeys };
  if (mode === 'distributed') {
    throw new ConfigError(
      'Invalid configuration:\n  QUIRE_SECRET_KEY: required in distributed mode, the same value in every process ' + '(32 bytes as base64 or 64 hex digits, e.g. `openssl rand -base64 32`)',
    );
  }
  const fromFile = loadOrCreateSecretKeyFile(keyFile);
  return { current: fromFile.current, previous: [...fromFile.previous, ...previousKeys] };
}
