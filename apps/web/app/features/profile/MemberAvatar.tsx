import { Avatar, type SxProps, type Theme } from '@mui/material';
import type { UserData } from '../session/storage';
import { palette } from '../theme/theme';

/** The profile image URL: base_url + img (spec §3), or null when the member has none. */
export function avatarUrl(user: Pick<UserData, 'img' | 'base_url'> | null | undefined): string | null {
  if (!user?.img) return null;
  if (/^(https?:|data:|blob:)/.test(user.img)) return user.img;
  return `${user.base_url ?? ''}${user.img}`;
}

type Props = {
  user: Pick<UserData, 'img' | 'base_url' | 'first_name' | 'last_name'> | null | undefined;
  /** A local preview (object URL) shown instead of the saved image. */
  src?: string | null;
  size: number;
  testId?: string;
  sx?: SxProps<Theme>;
  /** Hidden from assistive technology where the surrounding control already names the member (header, links). */
  decorative?: boolean;
};

/** The member's portrait, else their initials on the bronze accent. */
export function MemberAvatar({ user, src, size, testId, sx, decorative }: Props) {
  const url = src ?? avatarUrl(user);
  const initials = `${user?.first_name?.[0] ?? ''}${user?.last_name?.[0] ?? ''}`.toUpperCase();
  return (
    <Avatar
      src={url ?? undefined}
      alt={decorative ? '' : (user?.first_name ?? '')}
      aria-hidden={decorative ? true : undefined}
      data-testid={testId}
      data-src={url ?? ''}
      sx={[
        {
          width: size,
          height: size,
          bgcolor: palette.accent,
          color: '#FFFFFF',
          fontSize: Math.round(size * 0.38),
          fontWeight: 500,
          letterSpacing: '0.04em',
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {initials || null}
    </Avatar>
  );
}
