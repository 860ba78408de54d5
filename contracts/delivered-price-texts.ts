// Apart from delivered-price.ts so that the inventory's cards, which only print these, do not load zod.

/** The delivered price on a card and the vehicle page, and the buying controls around it (issue #46). */
export const DELIVERED_PRICE_TEXT = {
  total: (total: string) => `${total} delivered`,
  package: (name: string, price: string) => `${name} ${price}`,
  delivery: (price: string, zip: string) => `${price} delivery to ${zip}`,
  noDelivery: 'Delivery is quoted at checkout',
  pickup: 'Pickup',
  arrives: 'Arrives',
  /** A viewer's card and page: who buys instead of the buttons (docs/design.md §10). */
  buyingIsFor: 'Buying is for your team’s owners and buyers',
  pendingOffer: (amount: string) => `You have an offer of ${amount} pending on this car`,
  counteredOffer: (amount: string, counter: string) =>
    `Your offer of ${amount} on this car was countered at ${counter}`,
  yourLimits: (limits: string) => `Your limits: ${limits}.`,
  perVehicle: (limit: string) => `${limit} per vehicle`,
  perDay: (limit: string, left: string) => `${limit} per day (${left} left today)`,
  badIds: 'Vehicle ids must be whole numbers separated by commas',
  tooManyIds: 'Ask for at most 100 vehicles at a time',
} as const;
