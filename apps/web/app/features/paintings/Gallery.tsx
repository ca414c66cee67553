import { Box, ButtonBase } from '@mui/material';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ArtworkImage } from '../catalogue/ArtworkImage';
import { PAINTING_MAIN_SIZES } from '../catalogue/image-sources';
import { palette } from '../theme/theme';

type Props = {
  /** Full image URLs, the cover first. */
  images: readonly string[];
  title: string;
};

/**
 * The work's images: the chosen one large, on a quiet wall, and the others as thumbnails below. The
 * thumbnails are buttons (Tab reaches them, Enter/Space shows one); the arrow keys, Home and End move
 * between them and show the image at once.
 */
export function Gallery({ images, title }: Props) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState(0);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = Math.min(selected, Math.max(0, images.length - 1));
  const total = images.length;

  const show = (index: number) => {
    const next = (index + total) % total;
    setSelected(next);
    thumbs.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: current + 1,
      ArrowDown: current + 1,
      ArrowLeft: current - 1,
      ArrowUp: current - 1,
      Home: 0,
      End: total - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    show(target);
  };

  return (
    <Box component="section" aria-label={t('paintings.gallery.label')}>
      <Box
        sx={{
          bgcolor: palette.paper,
          border: `1px solid ${palette.line}`,
          p: { xs: 3, md: 6 },
          display: 'flex',
          justifyContent: 'center',
        }}
      >
        <ArtworkImage
          src={images[current]}
          alt={t('paintings.gallery.image', { title, index: current + 1, total })}
          sizes={PAINTING_MAIN_SIZES}
          priority
          fit="contain"
          testId="painting-gallery-main"
          sx={{ width: '100%', height: { xs: 360, sm: 480, md: 620 }, bgcolor: 'transparent' }}
        />
      </Box>
      {total > 1 && (
        <Box
          role="group"
          aria-label={t('paintings.gallery.thumbnails')}
          onKeyDown={onKeyDown}
          sx={{ display: 'flex', gap: 1.5, mt: 1.5, flexWrap: 'wrap' }}
        >
          {images.map((src, index) => (
            <ButtonBase
              key={src}
              ref={(node) => {
                thumbs.current[index] = node;
              }}
              data-testid="painting-gallery-thumb"
              aria-label={t('paintings.gallery.thumb', { index: index + 1, total })}
              aria-pressed={index === current}
              onClick={() => setSelected(index)}
              sx={{
                width: { xs: 64, md: 84 },
                height: { xs: 64, md: 84 },
                p: 0.75,
                bgcolor: palette.paper,
                border: `1px solid ${index === current ? palette.ink : palette.line}`,
                transition: 'border-color 200ms ease',
                '&:hover': { borderColor: palette.muted },
                '&.Mui-focusVisible': { outline: `2px solid ${palette.accent}`, outlineOffset: 2 },
              }}
            >
              <ArtworkImage src={src} alt="" sizes="96px" fit="cover" sx={{ width: '100%', height: '100%' }} />
            </ButtonBase>
          ))}
        </Box>
      )}
    </Box>
  );
}
