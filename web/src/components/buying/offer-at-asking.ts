import { toCents } from '@contracts/money';

/**
 * An offer at or above the asking price is a purchase (issue #27): the form says so and points to
 * Buy Now instead of sending it (the server refuses it too).
 */
export const atOrAboveAsking = (amount: string, askingPrice: string | null) => {
  const asking = askingPrice ? toCents(askingPrice) : null;
  const offered = toCents(amount);
  return asking !== null && offered !== null && offered >= asking;
};
