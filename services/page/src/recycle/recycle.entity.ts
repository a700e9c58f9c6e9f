import type { RecycleEntry } from '@quire/proto';

/** A page in the recycle bin (contract §18 `recycle`): the API's entry, `del_time` unformatted. */
export interface RecycleEntity extends Omit<RecycleEntry, 'del_time'> {
  del_time: number;
}
