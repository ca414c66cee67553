import { Box, Typography } from '@mui/material';
import { DOCUMENT_KINDS, type DocumentKind } from '@parcelle/shared/constants';
import type { Language } from '@parcelle/shared/i18n/messages';
import { useTranslation } from 'react-i18next';
import { palette, visuallyHidden } from '../theme/theme';

/** The URL of a document in a language, or null (the API sends `<kind>_<lang>`, null when absent). */
export function documentUrl(
  documents: Record<string, string | null>,
  kind: DocumentKind,
  language: Language,
): string | null {
  const url = documents[`${kind}_${language}`];
  return typeof url === 'string' && url.length > 0 ? url : null;
}

const rowSx = {
  display: 'flex',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: 2,
  py: 2,
  borderBottom: `1px solid ${palette.line}`,
  textDecoration: 'none',
} as const;

/**
 * The five documents of a work in the current language (spec §2): each opens its PDF in a new tab; one
 * that does not exist is shown, greyed, as text marked aria-disabled (never a dead link).
 */
export function Documents({ documents, language }: { documents: Record<string, string | null>; language: Language }) {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby="painting-documents-title">
      <Typography id="painting-documents-title" variant="h4" component="h2" sx={{ mb: 2 }}>
        {t('paintings.documents.title')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, borderTop: `1px solid ${palette.line}` }}>
        {DOCUMENT_KINDS.map((kind) => {
          const url = documentUrl(documents, kind, language);
          const label = t(`paintings.documents.${kind}`);
          return (
            <Box component="li" key={kind}>
              {url ? (
                <Box
                  component="a"
                  href={url}
                  target="_blank"
                  rel="noopener noreferrer"
                  data-testid={`painting-document-${kind}`}
                  sx={{
                    ...rowSx,
                    color: palette.ink,
                    '&:hover .doc-label, &:focus-visible .doc-label': {
                      color: palette.accentDark,
                      textDecoration: 'underline',
                    },
                    '&:focus-visible': { outline: `2px solid ${palette.accent}`, outlineOffset: 2 },
                  }}
                >
                  <span className="doc-label">{label}</span>
                  <Typography component="span" variant="body2" sx={{ color: palette.muted, whiteSpace: 'nowrap' }}>
                    {t('paintings.documents.open')}
                    <Box component="span" sx={visuallyHidden}>
                      {` (${t('paintings.documents.newTab')})`}
                    </Box>
                  </Typography>
                </Box>
              ) : (
                <Box
                  data-testid={`painting-document-${kind}`}
                  aria-disabled="true"
                  sx={{ ...rowSx, color: palette.muted, cursor: 'not-allowed' }}
                >
                  <span>{label}</span>
                  <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
                    {t('paintings.documents.unavailable')}
                  </Typography>
                </Box>
              )}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
