import { PageSizes, type PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import { toWinAnsi } from './win-ansi-text';

/*
 * A small text flow for pdf-lib's standard fonts: rows of side-by-side cells, wrapped within their
 * widths and continued on a new page instead of running off one. pdf-lib draws exactly what it is
 * given and throws on a character the font's encoding lacks, so every string passes through
 * toWinAnsi first.
 */

const [PAGE_WIDTH, PAGE_HEIGHT] = PageSizes.Letter;
const MARGIN = 54;
/** Room kept under the content for the page footer. */
const FOOTER_ROOM = 18;
const CONTENT_TOP = PAGE_HEIGHT - MARGIN;
const CONTENT_BOTTOM = MARGIN + FOOTER_ROOM;
export const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const CONTENT_HEIGHT = CONTENT_TOP - CONTENT_BOTTOM;
const COLUMN_GAP = 12;

/** Widths for cells that fill the content width, gaps included, in the given proportions. */
export function columnWidths(...shares: number[]): number[] {
  const total = shares.reduce((a, b) => a + b, 0);
  const room = CONTENT_WIDTH - COLUMN_GAP * (shares.length - 1);
  return shares.map((share) => (room * share) / total);
}

const INK = rgb(0.1, 0.1, 0.1);
const MUTED = rgb(0.4, 0.4, 0.4);

export type TextStyle = 'title' | 'heading' | 'body' | 'strong' | 'label' | 'small';
const STYLES: Record<TextStyle, { bold: boolean; size: number; muted: boolean }> = {
  title: { bold: true, size: 20, muted: false },
  heading: { bold: true, size: 11, muted: false },
  body: { bold: false, size: 10, muted: false },
  strong: { bold: true, size: 10, muted: false },
  label: { bold: false, size: 7.5, muted: true },
  small: { bold: false, size: 8.5, muted: false },
};
const LINE_SPACING = 1.3;

/**
 * A piece of a cell: text in one style, an empty signature line of the cell's width, or a check box
 * ("[X]" or "[ ]", the same width either way so the text beside it lines up).
 */
export type Part = { text: string; style: TextStyle } | { signatureLine: true } | { checked: boolean };
export interface RowOptions {
  alignParts?: boolean;
}
export interface Cell {
  width: number;
  parts: Part[];
}

interface Line {
  kind: 'text' | 'rule' | 'checked' | 'unchecked';
  text: string;
  style: TextStyle;
  height: number;
}

const SIGNATURE_HEIGHT = 26;

export class PdfFlow {
  private page!: PDFPage;
  private y = 0;
  private readonly charset: ReadonlySet<number>;
  private readonly widths = new Map<string, number>();

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: { regular: PDFFont; bold: PDFFont },
    /** Drawn at the top of every page after the first. */
    private readonly continuedHeading: string,
  ) {
    this.charset = new Set(fonts.regular.getCharacterSet());
    this.addPage();
  }

  /**
   * A row of cells side by side, `COLUMN_GAP` apart; a page break may fall between its lines. With
   * `alignParts`, the parts at the same index start level with each other (a form's matching lines).
   */
  row(cells: Cell[], options: RowOptions = {}): void {
    for (const { height, lines } of this.lineRows(cells, options.alignParts ?? false)) {
      if (this.y - height < CONTENT_BOTTOM) this.addPage();
      let x = MARGIN;
      cells.forEach((cell, c) => {
        const line = lines[c];
        if (line) this.drawLine(line, x, this.y - height, cell.width);
        x += cell.width + COLUMN_GAP;
      });
      this.y -= height;
    }
  }

  /** The height `row` would take, to keep a block together. */
  measure(cells: Cell[], options: RowOptions = {}): number {
    return this.lineRows(cells, options.alignParts ?? false).reduce((sum, { height }) => sum + height, 0);
  }

  /** Starts a new page unless `height` still fits on this one (or would not fit on any page). */
  keepTogether(height: number): void {
    if (height <= CONTENT_HEIGHT && this.y - height < CONTENT_BOTTOM) this.addPage();
  }

  space(height: number): void {
    this.y = Math.max(CONTENT_BOTTOM, this.y - height);
  }

  /** A thin full-width line. */
  rule(): void {
    this.space(4);
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: PAGE_WIDTH - MARGIN, y: this.y },
      thickness: 0.5,
      color: MUTED,
    });
    this.space(8);
  }

  /** "Page 1 of 2" and `text` at the foot of every page, once all pages exist. */
  footers(text: string): void {
    const pages = this.doc.getPages();
    const style = STYLES.label;
    pages.forEach((page, i) => {
      const left = this.fit(toWinAnsi(text, this.charset), style.size, CONTENT_WIDTH / 2);
      const right = `Page ${i + 1} of ${pages.length}`;
      const rightX = PAGE_WIDTH - MARGIN - this.widthOf(right, false, style.size);
      for (const [value, x] of [
        [left, MARGIN],
        [right, rightX],
      ] as const) {
        page.drawText(value, { x, y: MARGIN, size: style.size, font: this.fonts.regular, color: MUTED });
      }
    });
  }

  private addPage(): void {
    const isFirst = this.doc.getPageCount() === 0;
    this.page = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.y = CONTENT_TOP;
    if (!isFirst) {
      this.row([{ width: CONTENT_WIDTH, parts: [{ text: this.continuedHeading, style: 'label' }] }]);
      this.space(8);
    }
  }

  /** The row's lines across its cells, each line-row as tall as its tallest line. */
  private lineRows(cells: Cell[], alignParts: boolean) {
    const bands = alignParts
      ? Array.from({ length: Math.max(0, ...cells.map((c) => c.parts.length)) }, (_, j) =>
          cells.map((cell) => ({ ...cell, parts: cell.parts.slice(j, j + 1) })),
        )
      : [cells];
    return bands.flatMap((band) => {
      const columns = band.map((cell) => this.layOut(cell));
      const count = Math.max(0, ...columns.map((lines) => lines.length));
      return Array.from({ length: count }, (_, i) => ({
        height: Math.max(...columns.map((lines) => lines[i]?.height ?? 0)),
        lines: columns.map((lines) => lines[i]),
      }));
    });
  }

  private layOut(cell: Cell): Line[] {
    return cell.parts.flatMap((part): Line[] => {
      if ('signatureLine' in part)
        return [{ kind: 'rule', text: '', style: 'body', height: SIGNATURE_HEIGHT }];
      if ('checked' in part) {
        const kind = part.checked ? 'checked' : 'unchecked';
        return [{ kind, text: '', style: 'strong', height: STYLES.strong.size * LINE_SPACING }];
      }
      const { size, bold } = STYLES[part.style];
      return this.wrap(part.text, bold, size, cell.width).map((text) => ({
        kind: 'text',
        text,
        style: part.style,
        height: size * LINE_SPACING,
      }));
    });
  }

  private drawLine(line: Line, x: number, bottom: number, width: number): void {
    if (line.kind === 'rule') {
      this.page.drawLine({
        start: { x, y: bottom + 2 },
        end: { x: x + width, y: bottom + 2 },
        thickness: 0.75,
        color: INK,
      });
      return;
    }
    const style = STYLES[line.style];
    const font = style.bold ? this.fonts.bold : this.fonts.regular;
    // The baseline sits a little above the line's bottom, leaving room for descenders.
    const baseline = bottom + (line.height - style.size) / 2 + style.size * 0.2;
    const draw = (value: string, at: number) =>
      this.page.drawText(value, {
        x: at,
        y: baseline,
        size: style.size,
        font,
        color: style.muted ? MUTED : INK,
      });
    if (line.kind === 'text') {
      draw(line.text, x);
      return;
    }
    // A box drawn in three pieces keeps its inside as wide as the X, so text extraction sees "[ ]".
    const bracket = this.widthOf('[', style.bold, style.size);
    const inside = this.widthOf('X', style.bold, style.size) + 2;
    draw('[', x);
    if (line.kind === 'checked') draw('X', x + bracket + 1);
    draw(']', x + bracket + inside);
  }

  /**
   * Lines of at most `width` points: the text's own line breaks are kept (blank lines dropped),
   * words wrap at spaces, and a word wider than the line is broken between characters.
   */
  private wrap(text: string, bold: boolean, size: number, width: number): string[] {
    const lines: string[] = [];
    for (const paragraph of text.split(/\r\n|[\n\r\v\f\u0085\u2028\u2029]/)) {
      const words = toWinAnsi(paragraph, this.charset).split(' ').filter(Boolean);
      let line = '';
      for (const word of words) {
        const candidate = line ? `${line} ${word}` : word;
        if (this.widthOf(candidate, bold, size) <= width) {
          line = candidate;
          continue;
        }
        if (line) lines.push(line);
        line = '';
        for (const char of word) {
          if (line && this.widthOf(line + char, bold, size) > width) {
            lines.push(line);
            line = '';
          }
          line += char;
        }
      }
      if (line) lines.push(line);
    }
    return lines;
  }

  /** `text` cut with an ellipsis to fit `width` (only for the one-line footer). */
  private fit(text: string, size: number, width: number): string {
    if (this.widthOf(text, false, size) <= width) return text;
    let cut = text;
    while (cut && this.widthOf(`${cut}...`, false, size) > width) cut = cut.slice(0, -1);
    return `${cut}...`;
  }

  /**
   * Width as drawn: pdf-lib's widthOfTextAtSize counts kerning that drawText does not apply, so
   * the characters are measured one by one (and cached).
   */
  private widthOf(text: string, bold: boolean, size: number): number {
    let units = 0;
    for (const char of text) {
      const key = `${bold ? 'b' : 'r'}${char}`;
      let width = this.widths.get(key);
      if (width === undefined) {
        width = (bold ? this.fonts.bold : this.fonts.regular).widthOfTextAtSize(char, 1000);
        this.widths.set(key, width);
      }
      units += width;
    }
    return (units * size) / 1000;
  }
}
