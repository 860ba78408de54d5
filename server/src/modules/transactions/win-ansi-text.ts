/*
 * pdf-lib's standard fonts (Helvetica) encode text as WinAnsi and throw on any other character, so
 * text from dealers and spreadsheets is made drawable first: a dealer named "Łódź Motors" must not
 * cost us the document.
 */

/** Helvetica's WinAnsi characters a letter can fall back to when its decomposition does not help. */
const FALLBACKS: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŧ: 'T',
  ŧ: 't',
  '\u2010': '-',
  '\u2011': '-',
  '\u2212': '-',
};

/**
 * One line of text the font can encode: characters it has are kept, letters with marks lose them
 * ("ź" → "z"), a few letters without a decomposition are mapped, invisible and control characters
 * go, tabs become spaces, and anything else (emoji, CJK) becomes "?".
 */
export function toWinAnsi(text: string, charset: ReadonlySet<number>): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    if (char === '\t') out += ' ';
    else if (/[\p{Cc}\p{Cf}\p{M}\p{Zl}\p{Zp}]/u.test(char)) continue;
    else if (charset.has(char.codePointAt(0)!)) out += char;
    else if (FALLBACKS[char]) out += FALLBACKS[char];
    else {
      const bare = char.normalize('NFKD').replace(/\p{M}/gu, '');
      const encodable = bare !== '' && [...bare].every((c) => charset.has(c.codePointAt(0)!));
      out += encodable ? bare : '?';
    }
  }
  return out;
}
