import type { Db } from '../db/open-db';
import { storeOfDb } from '../store/sqlite-store';
import type { Tx } from '../store/store';
import {
  enqueueNotifications,
  getNotification,
  holdNotification,
  listNotifications,
  recoverInterrupted,
  requeue,
  setState,
} from './notify.repo';

type Rest<F> = F extends (tx: Tx, ...rest: infer R) => unknown ? R : never;

/** The notification queue's repo on a test's database handle, each call one transaction of the handle's Store. */
export function notifyOn(db: Db) {
  const store = storeOfDb(db);
  return {
    enqueueNotifications: (...a: Rest<typeof enqueueNotifications>) =>
      store.write((tx) => enqueueNotifications(tx, ...a)),
    holdNotification: (...a: Rest<typeof holdNotification>) =>
      store.write((tx) => holdNotification(tx, ...a)),
    setState: (...a: Rest<typeof setState>) => store.write((tx) => setState(tx, ...a)),
    requeue: (...a: Rest<typeof requeue>) => store.write((tx) => requeue(tx, ...a)),
    recoverInterrupted: () => store.write(recoverInterrupted),
    getNotification: (...a: Rest<typeof getNotification>) => store.read((tx) => getNotification(tx, ...a)),
    listNotifications: (...a: Rest<typeof listNotifications>) =>
      store.read((tx) => listNotifications(tx, ...a)),
  };
}
