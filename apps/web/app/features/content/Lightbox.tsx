import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import { Box, Dialog, IconButton, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ArtworkImage } from '../catalogue/ArtworkImage';
import { fonts, palette } from '../theme/theme';

export type LightboxImage = { id: string; src: string | undefined; title: string };

type Props = {
  images: readonly LightboxImage[];
  /** The image shown, or null when closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
};

const navButtonSx = {
  color: palette.paper,
  bgcolor: 'rgba(251, 249, 245, 0.08)',
  '&:hover': { bgcolor: 'rgba(251, 249, 245, 0.18)' },
  '&.Mui-disabled': { color: 'rgba(251, 249, 245, 0.25)' },
} as const;

/** An image of the gallery, large on a dark wall: Esc closes, ← and → move through the page. */
export function Lightbox({ images, index, onIndexChange, onClose }: Props) {
  const { t } = useTranslation();
  const open = index !== null && index >= 0 && index < images.length;
  const current = open ? images[index] : undefined;
  const hasPrevious = open && index > 0;
  const hasNext = open && index < images.length - 1;

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (!open) return;
    if (event.key === 'ArrowLeft' && hasPrevious) {
      event.preventDefault();
      onIndexChange(index - 1);
    } else if (event.key === 'ArrowRight' && hasNext) {
      event.preventDefault();
      onIndexChange(index + 1);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen
      onKeyDown={onKeyDown}
      aria-labelledby="lightbox-title"
      slotProps={{
        paper: { sx: { bgcolor: '#141311', color: palette.paper }, 'data-testid': 'lightbox' } as object,
      }}
    >
      {current && (
        <Box sx={{ height: '100%', display: 'grid', gridTemplateRows: 'auto minmax(0, 1fr) auto' }}>
          <Box
            sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: { xs: 2, md: 4 }, py: 2 }}
          >
            <Typography
              sx={{ fontSize: 13, letterSpacing: '0.12em', color: 'rgba(251, 249, 245, 0.7)' }}
              data-testid="lightbox-counter"
            >
              {t('content.gallery.counter', { current: (index ?? 0) + 1, total: images.length })}
            </Typography>
            <IconButton onClick={onClose} aria-label={t('common.close')} sx={navButtonSx} data-testid="lightbox-close">
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
            <IconButton
              onClick={() => hasPrevious && onIndexChange((index ?? 0) - 1)}
              disabled={!hasPrevious}
              aria-label={t('content.gallery.previous')}
              sx={{ ...navButtonSx, display: { xs: 'none', md: 'inline-flex' }, justifySelf: 'start' }}
              data-testid="lightbox-previous"
            >
              <ChevronLeft fontSize="large" />
            </IconButton>
            <Box sx={{ height: '100%', minHeight: 0, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
              <ArtworkImage
                key={current.id}
                src={current.src}
                alt={current.title}
                sizes="(max-width: 900px) 100vw, 80vw"
                priority
                fit="contain"
                testId="lightbox-image"
                sx={{ width: '100%', height: '100%', bgcolor: 'transparent' }}
              />
            </Box>
            <IconButton
              onClick={() => hasNext && onIndexChange((index ?? 0) + 1)}
              disabled={!hasNext}
              aria-label={t('content.gallery.next')}
              sx={{ ...navButtonSx, display: { xs: 'none', md: 'inline-flex' }, justifySelf: 'end' }}
              data-testid="lightbox-next"
            >
              <ChevronRight fontSize="large" />
            </IconButton>
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
            <IconButton
              onClick={() => hasPrevious && onIndexChange((index ?? 0) - 1)}
              disabled={!hasPrevious}
              aria-label={t('content.gallery.previous')}
              sx={{ ...navButtonSx, display: { md: 'none' } }}
            >
              <ChevronLeft />
            </IconButton>
            <Typography
              id="lightbox-title"
              component="h2"
              sx={{ fontFamily: fonts.display, fontSize: { xs: 22, md: 28 }, fontWeight: 500, textAlign: 'center' }}
            >
              {current.title}
            </Typography>
            <IconButton
              onClick={() => hasNext && onIndexChange((index ?? 0) + 1)}
              disabled={!hasNext}
              aria-label={t('content.gallery.next')}
              sx={{ ...navButtonSx, display: { md: 'none' } }}
            >
              <ChevronRight />
            </IconButton>
          </Box>
        </Box>
      )}
    </Dialog>
  );
}
