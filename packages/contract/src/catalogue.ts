// Zod-free, so the web's first bundle can read the catalogue's constants without loading zod.
import { categoryLabel } from './categories.ts';

/** The six featured categories (spec §2 /category/{id}, DECISIONS §5): code, the name shown, and a line about it. */
export const FEATURED_CATEGORY_TILES = [
  {
    code: 'SoftwareTester',
    label: categoryLabel('SoftwareTester'),
    blurb: 'Test plans, automation and quality.',
  },
  { code: 'BackendEngineer', label: categoryLabel('BackendEngineer'), blurb: 'APIs, databases and servers.' },
  {
    code: 'DevopsEngineer',
    label: categoryLabel('DevopsEngineer'),
    blurb: 'Cloud, pipelines and operations.',
  },
  { code: 'ProductOwner', label: categoryLabel('ProductOwner'), blurb: 'Roadmaps, users and delivery.' },
  {
    code: 'FrontendEngineer',
    label: categoryLabel('FrontendEngineer'),
    blurb: 'Web interfaces that people enjoy.',
  },
  { code: 'MobileEngineer', label: categoryLabel('MobileEngineer'), blurb: 'Android and iOS apps.' },
] as const;

/** The featured categories' codes. */
export const FEATURED_CATEGORIES = FEATURED_CATEGORY_TILES.map((c) => c.code) as [
  (typeof FEATURED_CATEGORY_TILES)[number]['code'],
  ...(typeof FEATURED_CATEGORY_TILES)[number]['code'][],
];

/** A search starts at this many characters (spec §9). */
export const SEARCH_MIN_LENGTH = 3;

/** The orders a search can be sorted in; the first is the default. */
export const SEARCH_SORTS = ['relevance', 'newest', 'priceAsc', 'priceDesc', 'rating'] as const;
export type TSearchSort = (typeof SEARCH_SORTS)[number];
