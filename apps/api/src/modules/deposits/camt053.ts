import { XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * The bank's end-of-day statement, ISO 20022 camt.053 (BankToCustomerStatement), any version (.001.02 to .001.13 share
 * what is read here). Parsed with fast-xml-parser, values kept as text (amounts are exact decimals: they become
 * integer minor units by string arithmetic, never through a float), entities not expanded. Anything that is not a
 * well-formed statement throws `StatementInvalid` with what is wrong, which the route answers as a 400.
 */

export class StatementInvalid extends Error {
  override name = 'StatementInvalid';
}

export type StatementEntry = {
  /** The bank's reference of the entry: `AcctSvcrRef`, else `NtryRef`, else its position in the statement ("#3"). */
  entryReference: string;
  creditDebit: 'CRDT' | 'DBIT';
  /** Booked (`BOOK`); a pending or informational entry is not money received yet. */
  booked: boolean;
  bookedOn: string | null;
  amountText: string;
  currencyCode: string;
  /** Minor units when the currency is the euro, else null. */
  amountMinor: number | null;
  /** All remittance information, unstructured lines and structured creditor references, joined by spaces. */
  remittance: string;
  debtorName: string | null;
  debtorIban: string | null;
  /** How many transactions the entry carries (more than one: a batch booking). */
  transactions: number;
};

export type Statement = { id: string; iban: string; entries: StatementEntry[] };

/** The root element with the camt.053 namespace (the parser drops namespace declarations, so it is read first). */
const CAMT053_ROOT =
  /<(?:[\w.-]+:)?Document\b[^>]*\sxmlns(?::[\w.-]+)?\s*=\s*["']urn:iso:std:iso:20022:tech:xsd:camt\.053\.001\.\d{2}["']/;
const REPEATED = new Set(['Stmt', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd', 'Strd', 'CdtrRefInf']);
/** ISO 20022's ActiveOrHistoricCurrencyAndAmount: up to 18 digits, at most 5 of them decimals. */
const AMOUNT = /^(\d{1,13})(?:\.(\d{1,5}))?$/;

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);
const child = (node: unknown, ...path: string[]): unknown => {
  let at: unknown = node;
  for (const key of path) at = isNode(at) ? at[key] : undefined;
  return at;
};
/** A leaf's text: the value itself, or `#text` when the element also has attributes. */
const textOf = (value: unknown): string | null => {
  if (typeof value === 'string') return value.trim();
  if (isNode(value) && typeof value['#text'] === 'string') return (value['#text'] as string).trim();
  return null;
};
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);

/** A euro amount's decimal text as cents: "1234.5" → 123450, "0.10" → 10; more than 2 non-zero decimals is refused. */
export function euroMinorOf(text: string): number {
  const match = AMOUNT.exec(text);
  if (!match) throw new StatementInvalid(`amount "${text}" is not a decimal amount`);
  const [, whole = '0', fraction = ''] = match;
  if (/[1-9]/.test(fraction.slice(2))) throw new StatementInvalid(`amount "${text}" has more than 2 decimals`);
  const minor = BigInt(whole) * 100n + BigInt(fraction.slice(0, 2).padEnd(2, '0'));
  if (minor > BigInt(Number.MAX_SAFE_INTEGER)) throw new StatementInvalid(`amount "${text}" is too large`);
  return Number(minor);
}

function remittanceOf(transactions: unknown[]): string {
  const parts: string[] = [];
  for (const transaction of transactions) {
    const information = child(transaction, 'RmtInf');
    for (const line of list(child(information, 'Ustrd'))) {
      const text = textOf(line);
      if (text) parts.push(text);
    }
    for (const structured of list(child(information, 'Strd'))) {
      for (const reference of list(child(structured, 'CdtrRefInf'))) {
        const text = textOf(child(reference, 'Ref'));
        if (text) parts.push(text);
      }
    }
  }
  return parts.join(' ');
}

/** The debtor's name: `Dbtr/Nm` (up to .001.07) or `Dbtr/Pty/Nm` (from .001.08). */
function debtorOf(transaction: unknown): { name: string | null; iban: string | null } {
  const parties = child(transaction, 'RltdPties');
  const name = textOf(child(parties, 'Dbtr', 'Nm')) ?? textOf(child(parties, 'Dbtr', 'Pty', 'Nm'));
  const iban = textOf(child(parties, 'DbtrAcct', 'Id', 'IBAN'));
  return { name: name || null, iban: iban || null };
}

function entryOf(raw: unknown, position: number, statementId: string): StatementEntry {
  const where = `statement ${statementId}, entry ${position}`;
  const amount = child(raw, 'Amt');
  const amountText = textOf(amount);
  const currencyCode = textOf(child(amount, 'Ccy'));
  if (!amountText || !AMOUNT.test(amountText)) throw new StatementInvalid(`${where}: no valid Amt`);
  if (!currencyCode || !/^[A-Z]{3}$/.test(currencyCode)) throw new StatementInvalid(`${where}: no currency (Amt/@Ccy)`);
  const creditDebit = textOf(child(raw, 'CdtDbtInd'));
  if (creditDebit !== 'CRDT' && creditDebit !== 'DBIT')
    throw new StatementInvalid(`${where}: CdtDbtInd is not CRDT or DBIT`);
  // camt.053.001.02 writes <Sts>BOOK</Sts>; from .001.08 on, <Sts><Cd>BOOK</Cd></Sts>.
  const status = textOf(child(raw, 'Sts')) ?? textOf(child(raw, 'Sts', 'Cd'));
  if (!status) throw new StatementInvalid(`${where}: no Sts`);
  const bookedOn = (textOf(child(raw, 'BookgDt', 'Dt')) ?? textOf(child(raw, 'BookgDt', 'DtTm')))?.slice(0, 10) ?? null;
  if (bookedOn !== null && !/^\d{4}-\d{2}-\d{2}$/.test(bookedOn))
    throw new StatementInvalid(`${where}: BookgDt is not a date`);
  const transactions = list(child(raw, 'NtryDtls')).flatMap((details) => list(child(details, 'TxDtls')));
  const debtor = transactions.length === 1 ? debtorOf(transactions[0]) : { name: null, iban: null };
  const entryReference = textOf(child(raw, 'AcctSvcrRef')) || textOf(child(raw, 'NtryRef')) || `#${position}`;
  return {
    entryReference: entryReference.slice(0, 140),
    creditDebit,
    booked: status === 'BOOK',
    bookedOn,
    amountText,
    currencyCode,
    amountMinor: currencyCode === 'EUR' ? euroMinorOf(amountText) : null,
    remittance: remittanceOf(transactions).slice(0, 1000),
    debtorName: debtor.name?.slice(0, 140) ?? null,
    debtorIban: debtor.iban,
    transactions: transactions.length,
  };
}

export function parseCamt053(xml: string): Statement[] {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new StatementInvalid(`not well-formed XML: ${valid.err.msg} (line ${valid.err.line})`);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    removeNSPrefix: true,
    parseAttributeValue: false,
    parseTagValue: false,
    processEntities: false,
    htmlEntities: false,
    isArray: (name, _path, _leaf, isAttribute) => !isAttribute && REPEATED.has(name),
  });
  if (!CAMT053_ROOT.test(xml)) throw new StatementInvalid('not a camt.053 document');
  const document = child(parser.parse(xml), 'Document');
  const statements = list(child(document, 'BkToCstmrStmt', 'Stmt'));
  if (statements.length === 0) throw new StatementInvalid('no statement (BkToCstmrStmt/Stmt)');
  return statements.map((raw, index) => {
    const id = textOf(child(raw, 'Id'));
    if (!id) throw new StatementInvalid(`statement ${index + 1}: no Id`);
    const iban = textOf(child(raw, 'Acct', 'Id', 'IBAN'))
      ?.replace(/\s+/g, '')
      .toUpperCase();
    if (!iban) throw new StatementInvalid(`statement ${id}: no account IBAN`);
    return { id, iban, entries: list(child(raw, 'Ntry')).map((entry, at) => entryOf(entry, at + 1, id)) };
  });
}
