/*
 * Saved searches' texts, apart from their schemas (contracts/buy-orders.ts) so that the inventory
 * page's Save this search button loads no validation library.
 */

/** Saved searches a person may keep (docs/design.md §13). */
export const MAX_SAVED_SEARCHES = 20;

export const SAVED_SEARCH_TEXT = {
  sectionTitle: 'Saved searches',
  intro:
    'Searches you saved from the inventory: we tell you of each new car that matches, as each search asks.',
  empty: 'No saved searches yet. Search the inventory, then choose “Save this search”.',
  save: 'Save this search',
  saved: 'Search saved',
  deleted: 'Saved search deleted',
  nameRequired: 'Give the search a name',
  nameTooLong: 'A name is at most 60 characters',
  tooMany: `You can keep at most ${MAX_SAVED_SEARCHES} saved searches. Delete one first.`,
  notFound: 'Saved search not found',
  viewerRefused: 'Viewers cannot save searches.',
  signInToSave: 'Sign in as a dealer to save this search and hear of new matches.',
} as const;
