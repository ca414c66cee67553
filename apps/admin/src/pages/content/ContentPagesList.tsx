import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { CONTENT_TYPES } from '@parcelle/shared/contracts/catalogue';
import type { ZAdminContentPages } from '@parcelle/shared/contracts/content-admin';
import { useGetLocale, useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import { apiCall } from '../../api/client';
import { dateTimeText } from '../../format';
import { errorMessage } from '../../providers/auth-provider';
import type { Language } from '../../providers/i18n';

type Pages = z.infer<typeof ZAdminContentPages>;

/** /content: every editorial page of the site (a fixed list: the site has one route per page), to open and edit. */
export function ContentPagesList() {
  const translate = useTranslate();
  const language = useGetLocale()() as Language;
  const query = useQuery({ queryKey: ['admin-content-pages'], queryFn: () => apiCall<Pages>('/admin/content/pages') });
  const byType = new Map(query.data?.pages.map((page) => [page.type, page]));
  return (
    <Stack spacing={2} sx={{ maxWidth: 1100 }}>
      <Typography variant="h1" component="h1">
        {translate('content.title')}
      </Typography>
      <Typography>{translate('content.intro')}</Typography>
      <Stack direction="row" spacing={2}>
        <Link component={RouterLink} to="/galleries">
          {translate('menu.galleries')}
        </Link>
        <Link component={RouterLink} to="/footer">
          {translate('menu.footer')}
        </Link>
      </Stack>
      {query.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {translate('list.retry')}
            </Button>
          }
        >
          {errorMessage(query.error)}
        </Alert>
      ) : query.isPending ? (
        <CircularProgress aria-label={translate('content.loading')} />
      ) : (
        <Paper>
          <Table aria-label={translate('content.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('content.page')}</TableCell>
                <TableCell>{translate('content.titleEn')}</TableCell>
                <TableCell>{translate('content.titleFr')}</TableCell>
                <TableCell>{translate('content.blocksColumn')}</TableCell>
                <TableCell>{translate('content.updatedAt')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {CONTENT_TYPES.map((type) => {
                const page = byType.get(type);
                return (
                  <TableRow key={type}>
                    <TableCell component="th" scope="row">
                      <Link component={RouterLink} to={`/content/${type}`}>
                        {translate(`content.pages.${type}`)}
                      </Link>
                    </TableCell>
                    <TableCell lang="en">{page?.title_en ?? '—'}</TableCell>
                    <TableCell lang="fr">{page?.title_fr ?? '—'}</TableCell>
                    <TableCell>
                      {page ? translate('content.blocksCount', { en: page.blocks_en, fr: page.blocks_fr }) : '—'}
                    </TableCell>
                    <TableCell>
                      {page ? dateTimeText(page.updated_at, language) : translate('content.notWritten')}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}
