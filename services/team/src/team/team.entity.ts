import type { TeamRow } from '@quire/proto';

/** A team (contract §9.8 `team`): the document `team/save` shows, its owner managing members and items. Text stored raw. */
export type TeamEntity = TeamRow;
