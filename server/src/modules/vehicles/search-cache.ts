import { RecentResults } from '../../lib/recent-results';
import type { RenderedPage } from '../../plugins/page-renderer';
import type { CountGroup } from './search-counts';
import type { Precompressed } from './vehicle-list-cache';

/**
 * What searches keep until the published list changes (ADR 0013): recent answers, serialised and
 * compressed (the inventory's first page is the hottest read once it pages); the counted groups of
 * recent searches, for their other pages and their other facet choices (counting reads every
 * match, 50,000 rows for the unfiltered list, while a page is one index seek); the words of makes
 * and models that a misspelt word is compared with; and the places published cars stand. Dropped with the list cache (ADR 0006): on NOTIFY
 * vehicles_changed, and by routes declaring changesVehicles before their answer leaves.
 */
export class VehicleSearchCache {
  readonly answers = new RecentResults<Precompressed>(200);
  readonly counts = new RecentResults<CountGroup[]>(500);
  /** Whether a published VIN matches a search's words (search-vehicles.ts someVinMatches), by words. */
  readonly vins = new RecentResults<boolean>(500);
  /** The words of published makes and models (one entry), for correcting typos. */
  readonly vocabulary = new RecentResults<string[]>(1);
  /** The location ZIPs of published cars (one entry), for `within`. */
  readonly locations = new RecentResults<string[]>(1);
  /** Server-rendered inventory and vehicle pages (plugins/web-app.ts, ADR 0016), null where not rendered. */
  readonly pages = new RecentResults<RenderedPage | null>(100);

  invalidate() {
    this.answers.clear();
    this.pages.clear();
    this.counts.clear();
    this.vins.clear();
    this.vocabulary.clear();
    this.locations.clear();
  }
}
