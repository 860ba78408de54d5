import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { vehicleSearchGroups } from '../../db/schema';

/**
 * How alike (pg_trgm similarity, 0–1) a word must be to a word of a make or model to be read as a
 * typo of it: "toyta" → toyota (0.44), "camr" → camry (0.57), "hundai" → hyundai (0.5),
 * "silverdo" → silverado (0.58); Camaro stays out of "camry" (0.3, pg_trgm's own default).
 */
const TYPO_SIMILARITY = 0.4;

/** A word that may be a misspelt make or model: three characters or more, with a letter. */
export const mayBeTypo = (word: string) => word.length >= 3 && /\p{L}/u.test(word);

/**
 * The words published vehicles are searched by, in lower case: makes, models and trims ("grand",
 * "cherokee", "limited"; years have no letter), read from the search groups (migration 0010, a
 * few hundred or thousand rows kept by triggers), so reading them again after a change of the list
 * costs a millisecond rather than a scan of every vehicle; a few hundred words for a whole inventory.
 */
export async function loadVocabulary(db: Database): Promise<string[]> {
  const rows = await db
    .select({ text: vehicleSearchGroups.searchText })
    .from(vehicleSearchGroups)
    .groupBy(vehicleSearchGroups.searchText)
    .having(sql`sum(${vehicleSearchGroups.count}) > 0`);
  const words = new Set<string>();
  for (const { text } of rows) for (const word of text.split(/\s+/)) if (mayBeTypo(word)) words.add(word);
  return [...words].sort();
}

/**
 * What each word may mean when a search found nothing as written: itself, and the words of makes
 * and models it resembles (pg_trgm similarity against the vocabulary).
 */
export async function meaningsOf(db: Database, words: string[], vocabulary: string[]): Promise<string[][]> {
  const typos = words.filter(mayBeTypo);
  if (typos.length === 0 || vocabulary.length === 0) return words.map((word) => [word]);
  // Words never hold a space (q and names are split on whitespace), so each list travels as one text.
  const similar = await db
    .select({ word: sql<string>`w.word`, term: sql<string>`v.term` })
    .from(
      sql`unnest(string_to_array(${typos.join(' ')}, ' ')) as w(word)
        cross join unnest(string_to_array(${vocabulary.join(' ')}, ' ')) as v(term)`,
    )
    .where(sql`similarity(v.term, w.word) >= ${TYPO_SIMILARITY}`);
  return words.map((word) => [
    word,
    ...similar.filter((row) => row.word === word && row.term !== word).map((row) => row.term),
  ]);
}
