import Box from '@mui/material/Box';
import type { Currency } from '@parcelle/shared/constants';
import { divideRounded, formatMoney, multiplyMoney } from '@parcelle/shared/money';
import { useTranslate } from '@refinedev/core';
import type { Language } from '../providers/i18n';

/**
 * What a money confirmation names, for the operator to check before they confirm: the work, the amount per part and
 * the total, each as a labelled line (a description list) in the interface language.
 */
export function MoneyFacts({ facts }: { facts: Array<[label: string, value: string]> }) {
  const translate = useTranslate();
  return (
    <Box
      component="dl"
      aria-label={translate('confirm.facts')}
      sx={{
        display: 'grid',
        gridTemplateColumns: 'max-content 1fr',
        columnGap: 2,
        rowGap: 0.5,
        my: 2,
        '& dt': { color: 'text.secondary' },
        '& dd': { m: 0, fontWeight: 600 },
      }}
    >
      {facts.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Box>
      ))}
    </Box>
  );
}

/**
 * The amount per part and the total of a sum spread over `parts` parts, in the interface language, from either one:
 * a total gives each part about total / parts (the exact shares are the server's, by the largest remainder), an
 * amount per part a total of amount × parts. A rounded figure reads "about …"; no parts, no figure.
 */
export function perPartAndTotal(
  given: { perPartMinor: number } | { totalMinor: number },
  parts: number,
  currency: Currency,
  language: Language,
  translate: (key: string, options?: Record<string, unknown>) => string,
  /** Some of the parts (issue 31: the members' or the unsold ones): `share` is what they get of the total. */
  someParts = parts,
): { perPart: string; total: string; share: string } {
  const about = (amount: string) => translate('confirm.about', { amount });
  const text = (minor: number) => formatMoney(minor, currency, language);
  if ('perPartMinor' in given) {
    return {
      perPart: text(given.perPartMinor),
      total: parts > 0 ? text(multiplyMoney({ minor: given.perPartMinor, currency }, parts).minor) : '—',
      share: text(multiplyMoney({ minor: given.perPartMinor, currency }, Math.max(0, someParts)).minor),
    };
  }
  if (parts <= 0) return { perPart: '—', total: text(given.totalMinor), share: '—' };
  const perPart = Number(divideRounded(BigInt(given.totalMinor), BigInt(parts)));
  const scaled = BigInt(given.totalMinor) * BigInt(Math.max(0, someParts));
  const share = text(Number(divideRounded(scaled, BigInt(parts))));
  return {
    perPart: given.totalMinor % parts === 0 ? text(perPart) : about(text(perPart)),
    total: text(given.totalMinor),
    share: scaled % BigInt(parts) === 0n ? share : about(share),
  };
}
