import type { TSearchResponse, ZSearchRequest } from '@app/contract/courses';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { tag, type CatalogueCache } from '../../cache/index.ts';
import { ok } from '../../errors.ts';
import { hitsWithCards } from './hit-cards.ts';
import { searchCourses } from './search-courses.ts';
import type { Correction, CorrectionMemo, WordChoice } from './statements.ts';

export type SearchDeps = { db: Db; wordStats?: WordChoice; corrections?: CorrectionMemo };

/** The app's database, word statistics (typo corrections) and the answer cache's memo of corrections. */
export const searchDepsOf = (ctx: {
  db: Db;
  wordStats: WordChoice;
  cache: Pick<CatalogueCache, 'searchMemo'>;
}): SearchDeps => ({
  db: ctx.db,
  wordStats: ctx.wordStats,
  corrections: ctx.cache.searchMemo<Correction>('word'),
});

/**
 * POST /course/search's answer and the answer cache's tags of what it shows. The spec's {search, pageSize, pageNo}
 * gets the spec's hits; the search page (which always sends a sort or a filter) also gets what its cards show. The
 * route answers with it, and the server's /search page embeds it for the page's request.
 */
export async function searchAnswer(
  deps: SearchDeps,
  body: z.output<typeof ZSearchRequest>,
  everyStatus: boolean,
): Promise<{ answer: TSearchResponse; tags: string[] }> {
  const { search, pageSize, pageNo, ...filters } = body;
  const searchPage = Object.values(filters).some((v) => v !== undefined);
  const { hits, total, correctedSearch } = await searchCourses(deps.db, search, {
    pageSize,
    pageNo,
    ...filters,
    everyStatus,
    wordStats: deps.wordStats,
    corrections: deps.corrections,
  });
  const answer = {
    responseDto: ok(),
    coursesDtos: searchPage ? await hitsWithCards(deps.db, hits) : hits,
    totalData: total,
    ...(correctedSearch ? { correctedSearch } : {}),
  };
  // Cards show price, rating and student count: they go with their courses too.
  return { answer, tags: [tag.search, ...(searchPage ? hits.map((h) => tag.course(h.id)) : [])] };
}

/** The key of a guest's search answer in the answer cache: the same for every way of writing the same words. */
export function searchCacheKey(body: z.output<typeof ZSearchRequest>): string {
  const { search, pageSize, pageNo, ...filters } = body;
  const term = search.toLowerCase().replace(/\s+/g, ' ');
  return `search|${pageNo}|${pageSize}|${JSON.stringify(filters)}|${term}`;
}
