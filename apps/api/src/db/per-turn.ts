import DataLoader from 'dataloader';
import { outsideRequests } from '../lib/request-context.ts';

/**
 * A DataLoader that reads together what the requests handled in one turn of the event loop ask for, and keeps
 * nothing between turns (a write may land between them). A load alone still goes out in the same turn
 * (`setImmediate`: after the turn's I/O callbacks, before its timers), so a quiet server answers as fast as without.
 */
export function perTurnLoader<K, V>(
  batch: DataLoader.BatchLoadFn<K, V>,
  maxBatchSize: number,
): DataLoader<K, V> {
  return new DataLoader<K, V>(batch, {
    cache: false,
    maxBatchSize,
    // One batch reads for several requests: it runs under none of their ids.
    batchScheduleFn: (run) => outsideRequests(() => setImmediate(run)),
  });
}
