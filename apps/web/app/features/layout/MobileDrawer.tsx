import Close from '@mui/icons-material/Close';
import { Box, Drawer, IconButton, List, ListItemButton, ListItemText } from '@mui/material';
import { LAYOUT } from '@parcelle/shared/constants';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { fonts, palette } from '../theme/theme';
import { Logo } from './Logo';
import { DRAWER_LINKS } from './links';

/** The ≤1024px navigation: a left drawer, 300 wide (spec §2). */
export function MobileDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      anchor="left"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: { sx: { width: LAYOUT.drawerWidth, bgcolor: palette.paper }, 'data-testid': 'mobile-drawer' } as object,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 3, py: 2.5 }}>
        <Logo />
        <IconButton onClick={onClose} aria-label={t('nav.closeMenu')} edge="end">
          <Close />
        </IconButton>
      </Box>
      <Box component="nav" aria-label={t('nav.main')}>
        <List sx={{ px: 1.5 }}>
          {DRAWER_LINKS.map((link) => (
            <ListItemButton
              key={link.to}
              component={NavLink}
              to={link.to}
              end={link.to === '/'}
              onClick={onClose}
              data-testid={link.testId}
              sx={{
                py: 1.25,
                '&.active .MuiListItemText-primary': { color: palette.accent },
              }}
            >
              <ListItemText
                primary={t(link.label)}
                slotProps={{ primary: { sx: { fontFamily: fonts.display, fontSize: 24, fontWeight: 500 } } }}
              />
            </ListItemButton>
          ))}
        </List>
      </Box>
    </Drawer>
  );
}
