import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { TAdminMe, TOperatorRole } from '@parcelle/shared/contracts/admin';
import { useGetIdentity, useLogout, usePermissions, useTranslate } from '@refinedev/core';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { canSee } from '../access';
import { Brand } from '../components/Brand';
import { LanguageSwitch } from './LanguageSwitch';

const DRAWER_WIDTH = 220;

/** The console's entries, in menu order; each shows only to the roles that may use it (access.ts). */
export const MENU = [
  { resource: 'members', path: '/members' },
  { resource: 'withdrawals', path: '/withdrawals' },
  // Deposits by bank transfer (issue 31)
  { resource: 'deposits', path: '/deposits' },
  { resource: 'ledger', path: '/ledger' },
  { resource: 'balances', path: '/balances' },
  { resource: 'reconciliation', path: '/reconciliation' },
  { resource: 'fx', path: '/fx' },
  { resource: 'dividends', path: '/dividends' },
  { resource: 'exits', path: '/exits' },
  // Identity verification and sanctions (issue 29)
  { resource: 'verifications', path: '/verifications' },
  // Complaints (issue 30)
  { resource: 'complaints', path: '/complaints' },
  { resource: 'investors', path: '/investors' },
  { resource: 'revocations', path: '/revocations' },
  // Money, operators and audit (issue 15)
  { resource: 'operators', path: '/operators' },
  { resource: 'audit', path: '/audit' },
  // Catalogue (issue 15)
  { resource: 'works', path: '/works' },
  { resource: 'artists', path: '/artists' },
  { resource: 'rates', path: '/rates' },
  // Content (issue 15)
  { resource: 'content', path: '/content' },
  { resource: 'galleries', path: '/galleries' },
  { resource: 'footer', path: '/footer' },
  // Secondary market (issue 17)
  { resource: 'market', path: '/market' },
] as const;

export function Layout({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  const { data: role } = usePermissions<TOperatorRole | null>({});
  const { data: operator } = useGetIdentity<TAdminMe | null>();
  const { mutate: logout, isPending } = useLogout();
  const entries = MENU.filter((entry) => canSee(role, entry.resource));
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Link
        href="#main"
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: 2000,
          bgcolor: 'background.paper',
          p: 1,
          '&:focus': { top: 8 },
        }}
      >
        {translate('app.skip')}
      </Link>
      <AppBar
        position="fixed"
        sx={{ zIndex: (theme) => theme.zIndex.drawer + 1, borderBottom: 1, borderColor: 'divider' }}
      >
        <Toolbar sx={{ gap: 2 }}>
          <Box sx={{ flexGrow: 1 }}>
            <Brand />
          </Box>
          {operator && (
            <Typography variant="body2" color="text.secondary" sx={{ display: { xs: 'none', md: 'block' } }}>
              {translate('app.signedInAs', {
                name: `${operator.first_name} ${operator.last_name}`.trim() || operator.email,
              })}
              {role ? ` · ${translate(`roles.${role}`)}` : ''}
            </Typography>
          )}
          <LanguageSwitch />
          <Button variant="outlined" onClick={() => logout()} disabled={isPending}>
            {translate('auth.signOut')}
          </Button>
        </Toolbar>
      </AppBar>
      <Drawer
        variant="permanent"
        sx={{
          width: DRAWER_WIDTH,
          flexShrink: 0,
          '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
        }}
      >
        <Toolbar />
        <Box component="nav" aria-label={translate('app.menu')}>
          <List>
            {entries.map((entry) => (
              <ListItem key={entry.resource} disablePadding>
                <ListItemButton
                  component={NavLink}
                  to={entry.path}
                  sx={{
                    '&.active': {
                      bgcolor: 'action.selected',
                      fontWeight: 600,
                      borderLeft: 3,
                      borderColor: 'primary.main',
                    },
                  }}
                >
                  <ListItemText primary={translate(`menu.${entry.resource}`)} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Box>
      </Drawer>
      <Box component="main" id="main" tabIndex={-1} sx={{ flexGrow: 1, p: 3, minWidth: 0, outline: 'none' }}>
        <Toolbar />
        {children}
      </Box>
    </Box>
  );
}
