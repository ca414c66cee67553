import { Box, Link as MuiLink, Typography } from '@mui/material';
import { Link } from 'react-router';
import { ArtworkImage } from '../catalogue/ArtworkImage';
import { palette } from '../theme/theme';

/** A line under the work's title (its artist and year, when it was listed, a reference). */
export type WorkCellLine = { text: string; testId?: string };

type Props = {
  /** The work's image, already a media URL (`mediaUrl(baseUrl, key)`); the wall tone alone while it is absent. */
  image: string | undefined;
  title: string;
  /** The work's page: the title is then a link to it; otherwise text. */
  to?: string;
  lines?: readonly WorkCellLine[];
  /**
   * A 48 px thumbnail in place of 56: the market's seven columns beside the member menu leave the work's title less
   * room than the other tables do (decision 478).
   */
  dense?: boolean;
  /** The cell's narrowest width on wide screens: wider where its lines should stay on one line. */
  minWidth?: number;
  titleTestId?: string;
};

/**
 * The "work" cell of the member tables (decision 478): a square thumbnail, the title (a link to the work's page or
 * text), and the lines under it, in one look for the market, holdings and the member's listings. The thumbnail is
 * decorative (`alt=""`): the title says which work it is.
 */
export function WorkCell({ image, title, to, lines = [], dense = false, minWidth = 180, titleTestId }: Props) {
  const size = dense ? 48 : 56;
  const titleSx = { fontWeight: 500, lineHeight: 1.3, overflowWrap: 'anywhere' } as const;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, minWidth: { md: minWidth } }}>
      <ArtworkImage src={image} alt="" sizes={`${size}px`} thumbnail={{ size }} />
      <Box sx={{ minWidth: 0 }}>
        {to ? (
          <MuiLink
            component={Link}
            to={to}
            color="inherit"
            underline="hover"
            sx={{ ...titleSx, display: 'block' }}
            data-testid={titleTestId}
          >
            {title}
          </MuiLink>
        ) : (
          <Typography sx={titleSx} data-testid={titleTestId}>
            {title}
          </Typography>
        )}
        {lines.map((line, index) => (
          <Typography
            key={line.text}
            variant="body2"
            sx={{ color: palette.muted, fontSize: 13, mt: index === 0 ? 0.25 : 0 }}
            data-testid={line.testId}
          >
            {line.text}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}
