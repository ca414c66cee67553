import ExpandMore from '@mui/icons-material/ExpandMore';
import { Box, Button, ClickAwayListener, MenuItem, MenuList, Paper } from '@mui/material';
import { LAYOUT } from '@parcelle/shared/constants';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MemberAvatar } from '../profile/MemberAvatar';
import type { UserData } from '../session/storage';
import { useLogout } from '../session/use-logout';
import { visuallyHidden } from '../theme/theme';
import { MEMBER_LINKS } from './links';

/** The member's first name (cut at 130px) with a menu opening on hover, click or keyboard (spec §2). */
export function AccountMenu({ firstName, user }: { firstName: string; user?: UserData | null }) {
  const { t } = useTranslation();
  const { logout, pending } = useLogout();
  const [open, setOpen] = useState(false);
  // A click on a menu the pointer has just opened by hovering keeps it open (it would otherwise toggle shut).
  const openedByHover = useRef(false);
  const menuId = useId();
  const close = () => setOpen(false);
  const toggle = () => {
    if (open && !openedByHover.current) close();
    else setOpen(true);
    openedByHover.current = false;
  };
  const hoverOpen = () => {
    if (!open) openedByHover.current = true;
    setOpen(true);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') close();
  };

  return (
    <ClickAwayListener onClickAway={close}>
      <Box
        sx={{ position: 'relative' }}
        onMouseEnter={hoverOpen}
        onMouseLeave={close}
        onKeyDown={onKeyDown}
        data-testid="account-menu"
      >
        <Button
          color="inherit"
          onClick={toggle}
          aria-haspopup="menu"
          aria-expanded={open}
          aria-controls={open ? menuId : undefined}
          startIcon={
            <MemberAvatar user={user ?? { first_name: firstName }} size={30} testId="header-avatar" decorative />
          }
          endIcon={<ExpandMore fontSize="small" />}
          sx={{
            px: { xs: 0.5, sm: 1.5 },
            minWidth: 0,
            '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 }, ml: 0 },
            // The button sizes its icons at 20 px; the initials keep the avatar's own size.
            '& .MuiButton-startIcon > .MuiAvatar-root': { fontSize: 12, letterSpacing: 0 },
            // At phone width the portrait stands for the member; the name is read from the button's label.
            '& .MuiButton-endIcon': { display: { xs: 'none', sm: 'inherit' } },
          }}
          data-testid="header-user"
        >
          <Box
            component="span"
            data-testid="header-user-name"
            title={firstName}
            sx={{
              display: { xs: 'none', sm: 'inline-block' },
              maxWidth: LAYOUT.headerNameMaxWidth,
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
              verticalAlign: 'bottom',
            }}
          >
            {firstName}
          </Box>
          {/* The visible name starts the accessible name (WCAG 2.5.3); on phones, where it is hidden, it is still read. */}
          <Box component="span" sx={{ display: { xs: 'inline', sm: 'none' }, ...visuallyHidden }}>
            {firstName}
          </Box>
          <Box component="span" sx={visuallyHidden}>{` — ${t('account.menu')}`}</Box>
        </Button>
        {open && (
          <Box sx={{ position: 'absolute', right: 0, top: '100%', pt: 1, zIndex: (theme) => theme.zIndex.modal }}>
            <Paper variant="outlined" sx={{ minWidth: 210, py: 0.5 }}>
              <MenuList id={menuId} aria-label={t('account.menu')} autoFocusItem={false}>
                {MEMBER_LINKS.map((link) => (
                  <MenuItem key={link.to} component={Link} to={link.to} onClick={close} data-testid={link.testId}>
                    {t(link.label)}
                  </MenuItem>
                ))}
                <MenuItem
                  onClick={() => {
                    close();
                    logout();
                  }}
                  disabled={pending}
                  data-testid="logout"
                >
                  {t('account.logout')}
                </MenuItem>
              </MenuList>
            </Paper>
          </Box>
        )}
      </Box>
    </ClickAwayListener>
  );
}
