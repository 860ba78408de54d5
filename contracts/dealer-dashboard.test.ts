import { describe, expect, it } from 'vitest';
import {
  DEALER_DASHBOARD_SECTION_KEYS,
  DEALER_DASHBOARD_SECTIONS,
  dealerDashboardPath,
  dealerItemAnchor,
  dealerItemPath,
  dealerPartId,
  dealerPartPath,
  dealerSectionOfAnchor,
} from './dealer-dashboard';
import { DEALER_DASHBOARD_SEGMENTS, dealerSectionOfSegment, matchPage } from './routes';

/** The dealer dashboard's one table of sections (issue #46): paths, anchors, and the links of old e-mails. */
describe('the dealer dashboard’s sections', () => {
  it('names the same sections in both halves of the table, in the same order', () => {
    expect(DEALER_DASHBOARD_SECTION_KEYS).toEqual(Object.keys(DEALER_DASHBOARD_SEGMENTS));
  });

  it('gives each section a path of its own, the first view the dashboard itself', () => {
    expect(dealerDashboardPath('needsYou')).toBe('/dealer/dashboard');
    expect(dealerDashboardPath('purchases')).toBe('/dealer/dashboard/purchases');
    expect(dealerDashboardPath('buyOrders', 'watchlist')).toBe('/dealer/dashboard/buy-orders#watchlist');
    const paths = DEALER_DASHBOARD_SECTION_KEYS.map((section) => dealerDashboardPath(section));
    expect(new Set(paths).size).toBe(paths.length);
    for (const section of DEALER_DASHBOARD_SECTION_KEYS) {
      expect(matchPage(dealerDashboardPath(section)), section).toBe('dealerDashboard');
      expect(dealerSectionOfSegment(DEALER_DASHBOARD_SEGMENTS[section])).toBe(section);
    }
    expect(dealerSectionOfSegment(undefined)).toBe('needsYou');
    expect(matchPage('/dealer/dashboard/documents/')).toBe('dealerDashboard');
    for (const path of ['/dealer/dashboard/nope', '/dealer/dashboard/offers/45', '/dealer/dashboardx'])
      expect(matchPage(path), path).toBe('notFound');
  });

  it('names an item by its kind and id, in the section that lists it', () => {
    expect(dealerItemPath('sale', 123)).toBe('/dealer/dashboard/purchases#sale-123');
    expect(dealerItemPath('offer', 45)).toBe('/dealer/dashboard/offers#offer-45');
    expect(dealerItemPath('delivery', 7)).toBe('/dealer/dashboard/deliveries#delivery-7');
    expect(dealerItemPath('saleDocuments', 7)).toBe('/dealer/dashboard/documents#documents-7');
    expect(dealerItemPath('workOrder', 3)).toBe('/dealer/dashboard/purchases#work-order-3');
    expect(dealerItemPath('buyOrder', 3)).toBe('/dealer/dashboard/buy-orders#buy-order-3');
    // A car on the person's watchlist, by the car's id.
    expect(dealerItemPath('watchedCar', 5)).toBe('/dealer/dashboard/buy-orders#watched-car-5');
    // A message queued before its facts named the item opens its section.
    expect(dealerItemPath('offer', undefined)).toBe('/dealer/dashboard/offers');
    expect(dealerPartPath('notifications')).toBe('/dealer/dashboard/team#notifications');
    expect(dealerPartId('reconditioning')).toBe('reconditioning');
  });

  it('keeps every anchor in one section: cards, their headings and items never collide', () => {
    const anchors = DEALER_DASHBOARD_SECTION_KEYS.flatMap((section) => {
      const { parts, items } = DEALER_DASHBOARD_SECTIONS[section];
      return [
        ...Object.values(parts).flatMap((id) => [
          [id, section],
          [`${id}-title`, section],
        ]),
        ...Object.keys(items).map((item) => [dealerItemAnchor(item as never, 12), section]),
      ] as [string, string][];
    });
    expect(new Set(anchors.map(([anchor]) => anchor)).size).toBe(anchors.length);
    for (const [anchor, section] of anchors) expect(dealerSectionOfAnchor(anchor), anchor).toBe(section);
    expect(dealerSectionOfAnchor('sale-12x')).toBeNull();
    expect(dealerSectionOfAnchor('nowhere')).toBeNull();
  });

  it('lands the links of e-mails sent before the sections had routes in their section', () => {
    // What the dashboard's e-mails and pages linked to (`/dealer/dashboard#…`) until issue #46.
    expect(
      Object.fromEntries(
        [
          'offers-title',
          'transactions-title',
          'buy-orders-title',
          'reconditioning-title',
          'notifications',
          'buy-orders',
          'saved-searches',
        ].map((anchor) => [anchor, dealerSectionOfAnchor(anchor)]),
      ),
    ).toEqual({
      'offers-title': 'offers',
      'transactions-title': 'purchases',
      'buy-orders-title': 'buyOrders',
      'reconditioning-title': 'purchases',
      notifications: 'team',
      'buy-orders': 'buyOrders',
      'saved-searches': 'buyOrders',
    });
  });
});
