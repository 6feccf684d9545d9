/**
 * A small promise wrapper over the app's IndexedDB database: `downloads` (one record per downloaded lesson, by
 * series id), `progress` (saves made offline, in the order they were made), `keys` (downloaded lessons' video keys,
 * wrapped: keys.ts) and `wrapping` (the device's non-extractable key that wraps them). No DOM: the service worker
 * reads it too.
 */
const DB_NAME = 'devlearn-offline';
const VERSION = 2;
export type StoreName = 'downloads' | 'progress' | 'keys' | 'wrapping';

let opening: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  opening ??= new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, VERSION);
    req.onupgradeneeded = () => {
      const db = req.result;
      if (!db.objectStoreNames.contains('downloads'))
        db.createObjectStore('downloads', { keyPath: 'seriesId' });
      if (!db.objectStoreNames.contains('progress'))
        db.createObjectStore('progress', { autoIncrement: true });
      if (!db.objectStoreNames.contains('keys')) db.createObjectStore('keys', { keyPath: 'id' });
      if (!db.objectStoreNames.contains('wrapping')) db.createObjectStore('wrapping', { keyPath: 'name' });
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => {
      opening = null;
      reject(req.error ?? new Error('IndexedDB is not available'));
    };
  });
  return opening;
}

function run<T>(store: StoreName, mode: IDBTransactionMode, work: (s: IDBObjectStore) => IDBRequest<T>) {
  return open().then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        const tx = db.transaction(store, mode);
        const req = work(tx.objectStore(store));
        tx.oncomplete = () => resolve(req.result);
        tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
        tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
      }),
  );
}

export const idbAll = <T>(store: StoreName) =>
  run<T[]>(store, 'readonly', (s) => s.getAll() as IDBRequest<T[]>);
export const idbPut = (store: StoreName, value: unknown) => run(store, 'readwrite', (s) => s.put(value));
export const idbAdd = (store: StoreName, value: unknown) => run(store, 'readwrite', (s) => s.add(value));
export const idbDelete = (store: StoreName, key: IDBValidKey | IDBKeyRange) =>
  run(store, 'readwrite', (s) => s.delete(key));
export const idbGet = <T>(store: StoreName, key: IDBValidKey) =>
  run<T | undefined>(store, 'readonly', (s) => s.get(key) as IDBRequest<T | undefined>);

/** Every entry with its key, in key order (the progress queue's order). */
export function idbEntries<T>(store: StoreName): Promise<{ key: IDBValidKey; value: T }[]> {
  return open().then(
    (db) =>
      new Promise((resolve, reject) => {
        const out: { key: IDBValidKey; value: T }[] = [];
        const tx = db.transaction(store, 'readonly');
        const req = tx.objectStore(store).openCursor();
        req.onsuccess = () => {
          const cursor = req.result;
          if (!cursor) return;
          out.push({ key: cursor.primaryKey, value: cursor.value as T });
          cursor.continue();
        };
        tx.oncomplete = () => resolve(out);
        tx.onerror = () => reject(tx.error ?? new Error('IndexedDB read failed'));
      }),
  );
}
