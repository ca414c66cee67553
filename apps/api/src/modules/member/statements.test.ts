import { inflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { HistoryEvent } from './history';
import { checkStatementLink, signedStatementPath, statementCsv, statementPdf, statementTotals } from './statements';

const SECRET = 'test-secret-for-statements-0123456789';

function event(overrides: Partial<HistoryEvent> = {}): HistoryEvent {
  return {
    kind: 'PURCHASE',
    reference: 'PA-0123456789',
    paintingId: '00000000-0000-0000-0000-000000000001',
    titleEn: 'Water lilies',
    titleFr: 'Nymphéas',
    img: 'artworks/x/cover.webp',
    at: new Date('2026-03-05T10:00:00.000Z'),
    currency: 'EURO',
    unitPriceMinor: 250,
    quantity: 3,
    totalMinor: 750,
    market: 2,
    paymentMethod: 'card',
    ...overrides,
  } as HistoryEvent;
}

function parse(path: string) {
  const url = new URL(path, 'http://localhost');
  const file = url.pathname.split('/').pop() ?? '';
  return { file, query: Object.fromEntries(url.searchParams) };
}

describe('signed statement links', () => {
  const link = {
    id: '0f8b7c52-2f43-4c4e-9a51-5d0a7c2e9b11',
    type: 'SALE' as const,
    userId: 'u-1',
    expires: 2_000_000_000,
    format: 'csv' as const,
    lang: 'fr' as const,
  };

  it('opens until it expires, for its own type, member, format and language only', () => {
    const { file, query } = parse(signedStatementPath(SECRET, link));
    expect(file).toBe('sale.csv');
    expect(checkStatementLink(SECRET, file, query, 1_999_999_999)).toEqual({ ok: true, link });
    expect(checkStatementLink(SECRET, file, query, 2_000_000_001)).toEqual({ ok: false, reason: 'expired' });
    for (const changed of [
      { ...query, s: '0f8b7c52-2f43-4c4e-9a51-5d0a7c2e9b12' },
      { ...query, s: undefined },
      { ...query, u: 'u-2' },
      { ...query, e: '2000000999' },
      { ...query, lang: 'en' },
      { ...query, token: query.token?.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) },
      { ...query, token: 'zz' },
      {},
    ]) {
      expect(checkStatementLink(SECRET, file, changed, 1)).toEqual({ ok: false, reason: 'forged' });
    }
    expect(checkStatementLink(SECRET, 'sale.pdf', query, 1)).toEqual({ ok: false, reason: 'forged' });
    expect(checkStatementLink(SECRET, 'purchase.csv', query, 1)).toEqual({ ok: false, reason: 'forged' });
    expect(checkStatementLink('another-secret', file, query, 1)).toEqual({ ok: false, reason: 'forged' });
    expect(checkStatementLink(SECRET, 'sale.exe', query, 1)).toEqual({ ok: false, reason: 'not-found' });
    expect(checkStatementLink(SECRET, '../sale.csv', query, 1)).toEqual({ ok: false, reason: 'not-found' });
  });
});

describe('CSV statement', () => {
  it('BOM, `;`, CRLF, exact amounts; cells quoted when needed and formulas neutralised', () => {
    const csv = statementCsv(
      'PURCHASE',
      [event({ titleFr: '=HYPERLINK("x";"y")' }), event({ titleFr: 'Un; deux', totalMinor: 123_456_789, quantity: 1 })],
      'fr',
    );
    expect(csv.startsWith('\ufeffRéférence;Date;Œuvre;')).toBe(true);
    const lines = csv.slice(1).trimEnd().split('\r\n');
    expect(lines[1]).toBe(
      `PA-0123456789;2026-03-05T10:00:00.000Z;"'=HYPERLINK(""x"";""y"")";PURCHASE;3;2.50;7.50;EURO`,
    );
    expect(lines[2]).toBe('PA-0123456789;2026-03-05T10:00:00.000Z;"Un; deux";PURCHASE;1;2.50;1234567.89;EURO');
  });
});

/**
 * The text a PDF draws, one string per `Tj` in order: pdf-lib writes a standard font's text as WinAnsi hex strings in
 * deflated content streams. (0x80 is € in WinAnsi; 0xA0 the no-break space French amounts use.)
 */
const WIN_ANSI: Record<string, string> = { '\x80': '€', '\x85': '…', '\x8c': 'Œ', '\x92': '’', '\x9c': 'œ' };

function drawnText(bytes: Uint8Array): string[] {
  const raw = Buffer.from(bytes).toString('latin1');
  const out: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1] ?? '', 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const hex of content.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) {
      const text = Buffer.from(hex[1] ?? '', 'hex').toString('latin1');
      out.push(text.replace(/[\x80-\x9f]/g, (c) => WIN_ANSI[c] ?? c).replace(/\u00a0/g, ' '));
    }
  }
  return out;
}

describe('PDF statement', () => {
  it('writes amounts and dates in the member language, with the currency sign, none of them cut (issue 17)', async () => {
    const events = [
      event({ totalMinor: 1_377_110, unitPriceMinor: 1_377_110, quantity: 1 }),
      event({ currency: 'USD', totalMinor: 123_456_789, unitPriceMinor: 9_876_543, quantity: 12_500 }),
    ];
    const render = async (lang: 'en' | 'fr') =>
      drawnText(
        await statementPdf({ type: 'ARTWORK', events, lang, memberName: 'Ada', generatedAt: new Date('2026-11-23') }),
      );
    const en = await render('en');
    expect(en).toEqual(expect.arrayContaining(['€13,771.10', '$1,234,567.89', '$98,765.43', '12,500', '05 Mar 2026']));
    expect(en).toEqual(expect.arrayContaining(['Reference', 'Date', 'Work', 'Type', 'Parts', 'Part price', 'Amount']));
    expect(en).toContain('23 Nov 2026');
    const fr = await render('fr');
    expect(fr).toEqual(expect.arrayContaining(['13 771,10 €', '1 234 567,89 $US', '12 500', '05 mars 2026']));
    expect(fr).toEqual(expect.arrayContaining(['Référence', 'Œuvre', 'Prix de la part', 'Montant']));
    for (const drawn of [...en, ...fr]) {
      expect(drawn).not.toMatch(/EURO|USD|…/);
    }
  });

  it('A4 portrait, several pages for a long history, any title drawn with the standard fonts', async () => {
    const events = Array.from({ length: 120 }, (_, index) =>
      event({
        reference: `PA-${String(index).padStart(10, '0')}`,
        titleEn: index % 2 ? 'Świątynia 東京 Ș — a very long title that will not fit in its column at all' : 'Plain',
        currency: index % 3 ? 'EURO' : 'USD',
      }),
    );
    const bytes = await statementPdf({
      type: 'PURCHASE',
      events,
      lang: 'en',
      memberName: 'Zoë Łukasz 王',
      generatedAt: new Date('2026-03-06T00:00:00Z'),
    });
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBeGreaterThan(1);
    const [page] = doc.getPages();
    expect([Math.round(page?.getWidth() ?? 0), Math.round(page?.getHeight() ?? 0)]).toEqual([595, 842]);
  });

  it('totals per currency, and per kind for the ARTWORK statement', () => {
    const events = [
      event(),
      event({ currency: 'USD', totalMinor: 100, quantity: 1 }),
      event({ kind: 'SALE', totalMinor: 400, quantity: 1 } as Partial<HistoryEvent>),
    ];
    expect(statementTotals('PURCHASE', events.slice(0, 2))).toEqual([
      { kind: undefined, currency: 'EURO', parts: 3, minor: 750 },
      { kind: undefined, currency: 'USD', parts: 1, minor: 100 },
    ]);
    expect(statementTotals('ARTWORK', events).map((total) => [total.kind, total.currency, total.minor])).toEqual([
      ['PURCHASE', 'EURO', 750],
      ['PURCHASE', 'USD', 100],
      ['SALE', 'EURO', 400],
    ]);
  });
});
