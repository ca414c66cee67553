import { Box } from '@mui/material';
import type { Language } from '@parcelle/shared/i18n/messages';
import { formatPartsQuantity } from '@parcelle/shared/parts';

/**
 * A quantity of parts as formatPartsQuantity writes it ("20 parts (2 cm² + 2 parts)"), the surface on a second,
 * smaller line so that the count stays one figure. The text content is the formatted string unchanged.
 */
export function PartsText({
  parts,
  language,
  surfaceSize = 13,
}: {
  parts: number;
  language: Language;
  surfaceSize?: number;
}) {
  const text = formatPartsQuantity(parts, language);
  const split = text.indexOf(' (');
  if (split < 0) return text;
  return (
    <>
      {text.slice(0, split)}
      <Box component="span" sx={{ display: 'block', fontSize: surfaceSize, opacity: 0.75, whiteSpace: 'nowrap' }}>
        {text.slice(split)}
      </Box>
    </>
  );
}
