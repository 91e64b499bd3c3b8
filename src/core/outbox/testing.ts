import type { Db } from '../db/open-db';
import { storeOfDb } from '../store/sqlite-store';
import type { Tx } from '../store/store';
import {
  batchCounts,
  enqueuePairs,
  getBatch,
  listBatches,
  postpone,
  stampPut,
  transition,
} from './outbox.repo';

type Rest<F> = F extends (tx: Tx, ...rest: infer R) => unknown ? R : never;

/**
 * The outbox's repo on a test's database handle: each call one transaction of the handle's Store, as a service
 * would make it. For tests, scenario builders and benches only.
 */
export function outboxOn(db: Db) {
  const store = storeOfDb(db);
  return {
    enqueuePairs: (...a: Rest<typeof enqueuePairs>) => store.write((tx) => enqueuePairs(tx, ...a)),
    transition: (...a: Rest<typeof transition>) => store.write((tx) => transition(tx, ...a)),
    postpone: (...a: Rest<typeof postpone>) => store.write((tx) => postpone(tx, ...a)),
    stampPut: (...a: Rest<typeof stampPut>) => store.write((tx) => stampPut(tx, ...a)),
    getBatch: (...a: Rest<typeof getBatch>) => store.read((tx) => getBatch(tx, ...a)),
    listBatches: (...a: Rest<typeof listBatches>) => store.read((tx) => listBatches(tx, ...a)),
    batchCounts: () => store.read(batchCounts),
  };
}
