import { type CSSProperties, useState } from 'react';
import type { UserData } from '../session/storage';
import styles from './member-avatar.module.css';

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
  /** A smaller size below MUI's md breakpoint (900 px), the initials keeping the size of `size`. */
  sizeBelowMd?: number;
  testId?: string;
  /** A line around it, where it stands alone. */
  framed?: boolean;
  className?: string;
  style?: CSSProperties;
  /** Hidden from assistive technology where the surrounding control already names the member (header, links). */
  decorative?: boolean;
};

/**
 * The member's portrait, else their initials on the bronze accent (and the initials too when the image fails to
 * load, as MUI's Avatar did). Plain elements (decision 506): the header's account island carries no MUI.
 */
export function MemberAvatar({ user, src, size, sizeBelowMd, testId, framed, className, style, decorative }: Props) {
  const url = src ?? avatarUrl(user);
  const [failed, setFailed] = useState<string | null>(null);
  const initials = `${user?.first_name?.[0] ?? ''}${user?.last_name?.[0] ?? ''}`.toUpperCase();
  const classes = [styles.avatar, framed && styles.framed, className].filter(Boolean).join(' ');
  return (
    <span
      className={classes}
      style={
        {
          '--avatar-size': `${size}px`,
          '--avatar-size-below-md': `${sizeBelowMd ?? size}px`,
          fontSize: Math.round(size * 0.38),
          ...style,
        } as CSSProperties
      }
      aria-hidden={decorative ? true : undefined}
      data-testid={testId}
      data-src={url ?? ''}
    >
      {url && failed !== url ? (
        <img
          src={url}
          alt={decorative ? '' : (user?.first_name ?? '')}
          className={styles.image}
          onError={() => setFailed(url)}
        />
      ) : (
        initials || null
      )}
    </span>
  );
}
