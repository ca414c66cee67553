import { Box } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ArtworkImage } from '../catalogue/ArtworkImage';
import { PAINTING_MAIN_SIZES } from '../catalogue/image-sources';
import { palette, visuallyHidden } from '../theme/theme';

type Props = {
  /** Full image URLs, the cover first. */
  images: readonly string[];
  title: string;
};

/**
 * Which main image shows: the one whose radio is checked (the first until another is chosen). A rule per image, read
 * by the browser with no script (`:has()`); the main images are the frame's children, in the radios' order.
 */
function shownByChoice(total: number) {
  const rules: Record<string, { display: 'block' | 'none' }> = {
    '&:has(input:checked:not([value="0"])) [data-gallery-frame] > :first-of-type': { display: 'none' },
  };
  for (let index = 1; index < total; index += 1) {
    rules[`&:has(input[value="${index}"]:checked) [data-gallery-frame] > :nth-of-type(${index + 1})`] = {
      display: 'block',
    };
  }
  return rules;
}

/**
 * The work's images: the chosen one large, on a quiet wall, and the others as thumbnails below. It works with no
 * script and no state (issue 33, decision 444): the thumbnails are the labels of a radio group, the main images are
 * stacked and CSS shows the checked one; the others are lazy, so not fetched until shown. Tab reaches the group once,
 * the arrow keys move between the thumbnails and show the image at once (the browser's own radio group).
 */
export function Gallery({ images, title }: Props) {
  const { t } = useTranslation();
  const name = useId();
  const total = images.length;
  // No image at all: the frame keeps its wall-toned placeholder.
  const shown: readonly (string | undefined)[] = total > 0 ? images : [undefined];

  return (
    <Box component="section" aria-label={t('paintings.gallery.label')} sx={total > 1 ? shownByChoice(total) : {}}>
      <Box
        data-gallery-frame
        sx={{
          bgcolor: palette.paper,
          border: `1px solid ${palette.line}`,
          p: { xs: 3, md: 6 },
          display: 'flex',
          justifyContent: 'center',
        }}
      >
        {shown.map((src, index) => (
          <ArtworkImage
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is the work's images, fixed for the page.
            key={index}
            src={src}
            alt={t('paintings.gallery.image', { title, index: index + 1, total: Math.max(total, 1) })}
            sizes={PAINTING_MAIN_SIZES}
            // The first is the page's largest paint (preloaded by the route); the others wait until chosen.
            priority={index === 0}
            fit="contain"
            testId="painting-gallery-main"
            sx={{
              display: index === 0 ? 'block' : 'none',
              width: '100%',
              height: { xs: 360, sm: 480, md: 620 },
              bgcolor: 'transparent',
            }}
          />
        ))}
      </Box>
      {total > 1 && (
        <Box
          role="radiogroup"
          aria-label={t('paintings.gallery.thumbnails')}
          sx={{ display: 'flex', gap: 1.5, mt: 1.5, flexWrap: 'wrap' }}
        >
          {images.map((src, index) => (
            <Box
              component="label"
              key={src}
              data-testid="painting-gallery-thumb"
              sx={{
                position: 'relative',
                display: 'inline-flex',
                width: { xs: 64, md: 84 },
                height: { xs: 64, md: 84 },
                p: 0.75,
                bgcolor: palette.paper,
                border: `1px solid ${palette.line}`,
                cursor: 'pointer',
                transition: 'border-color 200ms ease',
                '&:hover': { borderColor: palette.muted },
                '&:has(input:checked)': { borderColor: palette.ink },
                '&:has(input:focus-visible)': { outline: `2px solid ${palette.accent}`, outlineOffset: 2 },
              }}
            >
              <Box
                component="input"
                type="radio"
                name={name}
                value={String(index)}
                defaultChecked={index === 0}
                aria-label={t('paintings.gallery.thumb', { index: index + 1, total })}
                sx={visuallyHidden}
              />
              <ArtworkImage src={src} alt="" sizes="96px" fit="cover" sx={{ width: '100%', height: '100%' }} />
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
