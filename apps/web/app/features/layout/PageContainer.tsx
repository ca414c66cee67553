import { Container } from '@mui/material';
import type { ReactNode } from 'react';
import { PAGE_WIDTH } from './page-width';

/**
 * The column of a public page drawn by MUI (certificate, past exits, status and not-found pages, `/buy`): the
 * page's width and side padding, centred. The documents drawn with CSS Modules take the same figures from the
 * `--parcelle-page-*` tokens (theme/tokens.css).
 */
export function PageContainer({ children }: { children: ReactNode }) {
  return (
    <Container maxWidth={false} sx={PAGE_WIDTH}>
      {children}
    </Container>
  );
}
