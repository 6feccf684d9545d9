import type { AppContext } from '../context.ts';

export type DemoLogin = { role: string; email: string; password: string };

/** Adds demo tutor, student and approved courses on an empty database. (Filled in by the catalogue work.) */
export async function seedDemo(_ctx: AppContext): Promise<DemoLogin[]> {
  return [];
}
