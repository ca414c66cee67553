import { Alert, Box, Button, Link as MuiLink, Skeleton, Stack, Typography } from '@mui/material';
import type { ContentType } from '@parcelle/shared/contracts/catalogue';
import { formatDate } from '@parcelle/shared/dates';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRetryProps } from '../../document/document';
import { useContentPage } from '../catalogue/api';
import { localized, useLanguage } from '../i18n/language';
import { PageContainer } from '../layout/PageContainer';
import { usePageMeta } from '../layout/use-page-meta';
import { errorText } from '../session/api-error';
import { fonts, palette } from '../theme/theme';
import { ContentBlocks, headingsOf, MEASURE } from './ContentBlocks';
import { CONTENT_PAGES, isLegal, SECTION_LABEL, siblingsOf } from './pages';

/** A table of contents is offered from this many headings. */
const TOC_MIN_HEADINGS = 3;

function LoadingPage() {
  return (
    <Box aria-busy="true" data-testid="content-loading" sx={{ maxWidth: MEASURE }}>
      <Skeleton variant="text" width="55%" sx={{ fontSize: 52 }} />
      <Skeleton variant="rectangular" width={56} height={1} sx={{ my: 4 }} />
      {[0, 1, 2].map((paragraph) => (
        <Box key={paragraph} sx={{ mb: 3 }}>
          <Skeleton variant="text" sx={{ fontSize: 17 }} />
          <Skeleton variant="text" sx={{ fontSize: 17 }} />
          <Skeleton variant="text" width="70%" sx={{ fontSize: 17 }} />
        </Box>
      ))}
    </Box>
  );
}

function Contents({ headings }: { headings: { text: string; anchor: string }[] }) {
  const { t } = useTranslation();
  return (
    <Box
      component="nav"
      aria-label={t('content.page.contents')}
      sx={{ display: { xs: 'none', lg: 'block' }, position: 'sticky', top: 32, alignSelf: 'start', pt: 1 }}
    >
      <Typography variant="overline" component="p" sx={{ color: palette.muted, mb: 1.5 }}>
        {t('content.page.contents')}
      </Typography>
      <Stack
        component="ol"
        spacing={1.25}
        sx={{ listStyle: 'none', p: 0, m: 0, borderLeft: `1px solid ${palette.line}` }}
      >
        {headings.map((heading) => (
          <li key={heading.anchor}>
            <MuiLink
              href={`#${heading.anchor}`}
              sx={{ display: 'block', pl: 2, fontSize: 14, color: palette.muted, '&:hover': { color: palette.ink } }}
            >
              {heading.text}
            </MuiLink>
          </li>
        ))}
      </Stack>
    </Box>
  );
}

function SeeAlso({ type }: { type: ContentType }) {
  const { t } = useTranslation();
  const siblings = siblingsOf(type);
  if (siblings.length === 0) return null;
  return (
    <Box
      component="nav"
      aria-label={t('content.page.seeAlso')}
      sx={{ mt: { xs: 8, md: 12 }, pt: 4, borderTop: `1px solid ${palette.line}` }}
    >
      <Typography variant="overline" component="p" sx={{ color: palette.muted, mb: 2 }}>
        {t('content.page.seeAlso')}
      </Typography>
      <Box
        component="ul"
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: { xs: 2, md: 4 } }}
      >
        {siblings.map((sibling) => (
          <li key={sibling.type}>
            <MuiLink
              component={Link}
              to={sibling.path}
              sx={{ fontFamily: fonts.display, fontSize: 21, '&:hover': { color: palette.accentDark } }}
            >
              {t(sibling.nameKey)}
              <Box component="span" aria-hidden="true" sx={{ ml: 0.75, color: palette.accent }}>
                →
              </Box>
            </MuiLink>
          </li>
        ))}
      </Box>
    </Box>
  );
}

/** One editorial page of spec §2 (about, team, board, FAQ, legal texts…), from GET /content/?type=. */
export function ContentScreen({ type }: { type: ContentType }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const page = CONTENT_PAGES[type];
  const query = useContentPage(type);
  const retry = useRetryProps(() => query.refetch());
  const data = query.data;
  const title = data ? localized(data.title, language) : t(page.nameKey);
  usePageMeta(title, t(page.descriptionKey));

  const blocks = data ? (data.body[language] ?? data.body.en) : [];
  const headings = headingsOf(blocks);
  const withContents = headings.length >= TOC_MIN_HEADINGS;

  return (
    <PageContainer>
      <Box
        component="article"
        data-testid="content-screen"
        data-type={type}
        sx={{
          py: { xs: 7, md: 12 },
          display: 'grid',
          columnGap: 10,
          gridTemplateColumns: withContents ? { xs: 'minmax(0, 1fr)', lg: '220px minmax(0, 1fr)' } : 'minmax(0, 1fr)',
          maxWidth: withContents ? 1120 : 1000,
          mx: 'auto',
        }}
      >
        {withContents && <Box sx={{ display: { xs: 'none', lg: 'block' } }} />}
        <Box component="header" sx={{ mb: { xs: 5, md: 7 } }}>
          <Typography variant="overline" component="p" sx={{ color: palette.accent }}>
            {t(SECTION_LABEL[page.section])}
          </Typography>
          <Typography variant="h1" data-testid="content-title" sx={{ mt: 1.5, mb: 3, maxWidth: '18ch' }}>
            {data ? title : query.isPending ? <Skeleton width="70%" /> : title}
          </Typography>
          <Box sx={{ width: 56, height: '1px', bgcolor: palette.accent }} />
          {data && isLegal(type) && (
            <Typography sx={{ mt: 3, fontSize: 14, color: palette.muted }} data-testid="content-updated">
              {t('content.page.updated', { date: formatDate(data.updated_at, language) })}
            </Typography>
          )}
        </Box>

        {withContents && <Contents headings={headings} />}
        <Box sx={{ minWidth: 0, '& > :first-of-type h2': { mt: 0 } }}>
          {query.isPending && <LoadingPage />}
          {query.isError && !data && (
            <Alert
              severity="error"
              data-testid="content-error"
              sx={{ maxWidth: MEASURE }}
              action={
                <Button color="inherit" size="small" {...retry}>
                  {t('content.page.retry')}
                </Button>
              }
            >
              {localized(errorText(query.error), language)}
            </Alert>
          )}
          {data && <ContentBlocks blocks={blocks} qaStyle={type === 'faqs' ? 'accordion' : 'definitions'} />}
          {data && <SeeAlso type={type} />}
        </Box>
      </Box>
    </PageContainer>
  );
}
