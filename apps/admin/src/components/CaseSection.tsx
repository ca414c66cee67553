import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * One titled block of a case page (a verification case, a complaint): an outlined paper with its heading; `flex`
 * when it sits beside another in a row.
 */
export function CaseSection({ title, children, flex = false }: { title: string; children: ReactNode; flex?: boolean }) {
  return (
    <Paper component="section" variant="outlined" sx={{ p: 2, mb: flex ? 0 : 3, flex: flex ? 1 : undefined }}>
      <Typography variant="h2" component="h2" sx={{ fontSize: '1.25rem', mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
