/**
 * Site-level answers ShowDoc 3.9's web client asks on every screen (owned by the admin service):
 * `common/version` and `publicSquare/checkEnabled`.
 */

/** `common/version`: the version Quire reports, in ShowDoc's `{version}` shape. */
export interface SiteVersion {
  version: string;
}

/** `publicSquare/checkEnabled`: Quire has no public square, so `enable` is always 0. */
export interface PublicSquareState {
  enable: 0;
}

/** `/server/ping` and `/server/index.php?s=/ping` (ShowDoc 3.9's health check): `time` is ISO 8601. */
export interface Pong {
  pong: true;
  time: string;
}

/** Quire's release, as `common/version` reports it (the root package.json's `version`; a test keeps them equal). */
export const QUIRE_VERSION = '0.1.0';
