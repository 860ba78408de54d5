/** First look's limits and texts (docs/design.md §13), without zod: the public pages import them. */

/** How long a first look may hold a car: 30 minutes to a day, 2 h by default (docs/design.md §13). */
export const FIRST_LOOK = { defaultMinutes: 120, minMinutes: 30, maxMinutes: 24 * 60 } as const;
export const FIRST_LOOK_TEXT = {
  matches: (orders: number) => `${orders} open ${orders === 1 ? 'order matches' : 'orders match'}`,
  hold: 'Hold for first look',
  holdHint: 'The dealers whose orders match see it and can buy it first; everyone else sees it after.',
  badge: (time: string) => `First look until ${time}`,
  released: 'Released to everyone',
  releaseNow: 'Release now',
  notHeld: 'This listing is not held for a first look',
  heldFor: 'Held for you',
  heldForText: 'Held for your dealership because it matches your buy order: other dealers see it after that.',
  dashboardTitle: 'First look',
  dashboardText:
    'Cars held for you because they match your buy orders. Other dealers see them when the time is up.',
  dashboardEmpty: 'No car is held for you right now',
  dashboardEmptyText: 'When an admin holds a car that matches one of your buy orders, it appears here first.',
  signInHint: 'A car held for a dealership’s first look is shown to its signed-in dealers only.',
} as const;
