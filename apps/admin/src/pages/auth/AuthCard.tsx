import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Brand } from '../../components/Brand';
import { LanguageSwitch } from '../../layout/LanguageSwitch';

/** The frame of the sign-in and enrolment screens: the console's name, the language switch, one card. */
export function AuthCard({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Paper sx={{ p: 4, width: '100%', maxWidth: 460 }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 3 }}>
          <Box>
            <Brand size={24} />
          </Box>
          <Box sx={{ '@media print': { display: 'none' } }}>
            <LanguageSwitch />
          </Box>
        </Stack>
        <Typography variant="h1" component="h1" sx={{ mb: 1 }}>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {intro}
        </Typography>
        {children}
      </Paper>
    </Box>
  );
}
