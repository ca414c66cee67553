import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import { Box, IconButton, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ArtworkImage } from '../catalogue/ArtworkImage';
import { fonts, palette } from '../theme/theme';
import { galleryItemId, galleryViewId } from './gallery-views';

export type LightboxImage = { id: string; src: string | undefined; title: string };

const navButtonSx = {
  color: palette.paper,
  bgcolor: 'rgba(251, 249, 245, 0.08)',
  '&:hover': { bgcolor: 'rgba(251, 249, 245, 0.18)' },
  '&:focus-visible': { outline: `2px solid ${palette.paper}`, outlineOffset: 2 },
} as const;

/** A disabled arrow keeps its place (the title stays centred) but is neither a link nor in the tab order. */
const absentSx = { visibility: 'hidden' } as const;

/**
 * A link to the previous or next picture's view. Beside the picture on wide screens (`side`: large, marked for the ←
 * and → keys of gallery-views.ts) or under it on a phone (`under`); where there is no picture to go to, an empty
 * place of the same size keeps the title centred.
 */
function Arrow({
  to,
  direction,
  at,
}: {
  to: LightboxImage | undefined;
  direction: 'previous' | 'next';
  at: 'side' | 'under';
}) {
  const { t } = useTranslation();
  const Icon = direction === 'previous' ? ChevronLeft : ChevronRight;
  const side = at === 'side';
  const display = side ? { xs: 'none', md: 'inline-flex' } : { md: 'none' };
  if (!to) {
    const size = side ? 48 : 40;
    return <Box component="span" aria-hidden="true" sx={{ ...absentSx, display, width: size, height: size }} />;
  }
  const marks = side ? { [`data-gallery-${direction}`]: '', 'data-testid': `lightbox-${direction}` } : {};
  return (
    <IconButton
      href={`#${galleryViewId(to.id)}`}
      aria-label={t(direction === 'previous' ? 'content.gallery.previous' : 'content.gallery.next')}
      {...marks}
      sx={{ ...navButtonSx, display }}
    >
      <Icon fontSize={side ? 'large' : 'medium'} />
    </IconButton>
  );
}

/**
 * Each picture of the page, large on a dark wall, as a view the URL's fragment opens (decision 482): hidden until it
 * is the `:target`, with links to close (back to its place in the grid) and to the previous and next pictures. Esc,
 * ← and → follow those links once a script runs (gallery-views.ts). The image is lazy: a view not shown is not drawn,
 * so its file is fetched when it is opened.
 */
export function Lightbox({ images }: { images: readonly LightboxImage[] }) {
  const { t } = useTranslation();
  return images.map((image, index) => {
    const titleId = `${galleryViewId(image.id)}-title`;
    const previous = images[index - 1];
    const next = images[index + 1];
    return (
      <Box
        key={image.id}
        id={galleryViewId(image.id)}
        role="dialog"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-gallery-view=""
        data-testid="lightbox"
        sx={{
          display: 'none',
          '&:target': { display: 'grid' },
          position: 'fixed',
          inset: 0,
          zIndex: 1300,
          bgcolor: '#141311',
          color: palette.paper,
          gridTemplateRows: 'auto minmax(0, 1fr) auto',
          outline: 'none',
        }}
      >
        <Box
          sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: { xs: 2, md: 4 }, py: 2 }}
        >
          <Typography
            sx={{ fontSize: 13, letterSpacing: '0.12em', color: 'rgba(251, 249, 245, 0.7)' }}
            data-testid="lightbox-counter"
          >
            {t('content.gallery.counter', { current: index + 1, total: images.length })}
          </Typography>
          <IconButton
            href={`#${galleryItemId(image.id)}`}
            aria-label={t('common.close')}
            data-gallery-close=""
            data-testid="lightbox-close"
            sx={navButtonSx}
          >
            <CloseIcon />
          </IconButton>
        </Box>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', md: '64px minmax(0, 1fr) 64px' },
            alignItems: 'center',
            gap: 2,
            px: { xs: 2, md: 4 },
            minHeight: 0,
          }}
        >
          <Arrow to={previous} direction="previous" at="side" />
          <Box sx={{ height: '100%', minHeight: 0, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
            <ArtworkImage
              src={image.src}
              alt={image.title}
              sizes="(max-width: 900px) 100vw, 80vw"
              fit="contain"
              testId="lightbox-image"
              sx={{ width: '100%', height: '100%', bgcolor: 'transparent' }}
            />
          </Box>
          <Arrow to={next} direction="next" at="side" />
        </Box>
        <Box
          sx={{
            px: { xs: 2, md: 4 },
            py: 3,
            display: 'flex',
            alignItems: 'center',
            justifyContent: { xs: 'space-between', md: 'center' },
            gap: 2,
          }}
        >
          <Arrow to={previous} direction="previous" at="under" />
          <Typography
            id={titleId}
            component="h2"
            sx={{ fontFamily: fonts.display, fontSize: { xs: 22, md: 28 }, fontWeight: 500, textAlign: 'center' }}
          >
            {image.title}
          </Typography>
          <Arrow to={next} direction="next" at="under" />
        </Box>
      </Box>
    );
  });
}
