import type { ReactNode } from 'react';
import styles from './page.module.css';

/**
 * The column of a public page (certificate, past exits, status and not-found pages, `/buy`): the page's width and
 * side padding, centred, as MUI's Container drew it with `PAGE_WIDTH` — plain, so a document carries no MUI for it
 * (issue 33). The documents' own modules take the same figures from the `--parcelle-page-*` tokens (theme/tokens.css).
 */
export function PageContainer({ children }: { children: ReactNode }) {
  return <div className={styles.page}>{children}</div>;
}
