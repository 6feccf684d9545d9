import type { TTimeCreated } from '@app/contract/courses';

/** A moment as the spec's `timeCreated`: [year, month, day, hours, minutes, seconds] in UTC. */
export function timeCreated(d: Date): TTimeCreated {
  return [
    d.getUTCFullYear(),
    d.getUTCMonth() + 1,
    d.getUTCDate(),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
  ];
}
