import { randomInt } from 'node:crypto';
import { BUY_CODE_LENGTH } from '@contracts/limits';

/** 32 unambiguous symbols: no 0/O and no 1/I (docs/design.md §2). */
export const BUY_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** A random code from a CSPRNG; uniqueness is the caller's job (the unique index, with retries). */
export function randomBuyCode(): string {
  let code = '';
  for (let i = 0; i < BUY_CODE_LENGTH; i++) code += BUY_CODE_ALPHABET[randomInt(BUY_CODE_ALPHABET.length)];
  return code;
}
