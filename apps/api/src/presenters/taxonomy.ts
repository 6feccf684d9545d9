import { categoryLabel, groupLabel } from '@app/contract/categories';

type Named = { id: number; code: string; description: string };

/**
 * Course groups as answered: each named from the contract's one table of names (the public site, the wizard and
 * the admin screens read it too), the stored description only for a code outside it.
 */
export const presentGroups = (rows: Named[]): Named[] =>
  rows.map((r) => ({ id: r.id, code: r.code, description: groupLabel(r.code, r.description) }));

/** A group's categories as answered, named from the same table. */
export const presentCategories = (rows: Named[]): Named[] =>
  rows.map((r) => ({ id: r.id, code: r.code, description: categoryLabel(r.code, r.description) }));
