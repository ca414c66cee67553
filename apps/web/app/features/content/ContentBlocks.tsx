import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Box, Link as MuiLink, Typography } from '@mui/material';
import { type ContentBlockOf, groupContentBlocks } from '@parcelle/shared/content-blocks';
import type { TContentBlock } from '@parcelle/shared/contracts/catalogue';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ExternalMark } from '../layout/marks';
import { fonts, palette, visuallyHidden } from '../theme/theme';
import { headingAnchors, hostOf, safeHref } from './anchors';

type Block<T extends TContentBlock['type']> = ContentBlockOf<T>;

/** Width of running text: a comfortable reading measure. */
export const MEASURE = '70ch';

function BlockFrame({ type, children, wide = false }: { type: string; children: ReactNode; wide?: boolean }) {
  return (
    <Box data-testid="content-block" data-block-type={type} sx={wide ? undefined : { maxWidth: MEASURE }}>
      {children}
    </Box>
  );
}

function Heading({ text, anchor }: { text: string; anchor: string }) {
  const { t } = useTranslation();
  return (
    <Typography
      variant="h4"
      component="h2"
      id={anchor}
      sx={{
        mt: { xs: 5, md: 7 },
        mb: 2,
        scrollMarginTop: 120,
        position: 'relative',
        '& .anchor': { opacity: 0, transition: 'opacity .15s' },
        '&:hover .anchor, & .anchor:focus-visible': { opacity: 1 },
      }}
    >
      {text}
      <MuiLink
        href={`#${anchor}`}
        className="anchor"
        underline="none"
        sx={{ ml: 1.5, color: palette.accent, fontSize: '0.8em' }}
      >
        <span aria-hidden="true">#</span>
        <Box component="span" sx={visuallyHidden}>
          {t('content.page.anchor', { title: text })}
        </Box>
      </MuiLink>
    </Typography>
  );
}

function Paragraph({ text }: { text: string }) {
  return <Typography sx={{ fontSize: 17, lineHeight: 1.75, whiteSpace: 'pre-line', mb: 2.5 }}>{text}</Typography>;
}

function List({ items }: { items: string[] }) {
  return (
    <Box component="ul" sx={{ m: 0, mb: 3, pl: 0, listStyle: 'none' }}>
      {items.map((item, index) => (
        <Box
          component="li"
          // biome-ignore lint/suspicious/noArrayIndexKey: items are plain texts that may repeat
          key={index}
          sx={{
            position: 'relative',
            pl: 3.5,
            py: 0.75,
            fontSize: 17,
            lineHeight: 1.7,
            '&::before': {
              content: '""',
              position: 'absolute',
              left: 4,
              top: '1.05em',
              width: 12,
              height: '1px',
              bgcolor: palette.accent,
            },
          }}
        >
          {item}
        </Box>
      ))}
    </Box>
  );
}

function initials(name: string): string {
  const words = name
    .replace(/^(dr\.?|prof\.?)\s+/i, '')
    .split(/[\s-]+/)
    .filter(Boolean);
  return `${words[0]?.[0] ?? ''}${words.length > 1 ? (words.at(-1)?.[0] ?? '') : ''}`.toUpperCase();
}

function PersonGrid({ people }: { people: Block<'person'>[] }) {
  return (
    <Box
      component="ul"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        my: { xs: 4, md: 6 },
        display: 'grid',
        gap: { xs: 2.5, md: 3 },
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
      }}
    >
      {people.map((person) => (
        <Box component="li" key={`${person.name}-${person.role}`} data-testid="content-block" data-block-type="person">
          <Box
            component="article"
            data-testid="person-card"
            sx={{
              height: '100%',
              p: { xs: 3, md: 3.5 },
              bgcolor: palette.paper,
              border: `1px solid ${palette.line}`,
              display: 'flex',
              flexDirection: 'column',
              gap: 1,
            }}
          >
            <Box
              aria-hidden="true"
              sx={{
                width: 64,
                height: 64,
                mb: 1.5,
                borderRadius: '50%',
                bgcolor: palette.wall,
                border: `1px solid ${palette.line}`,
                display: 'grid',
                placeItems: 'center',
                fontFamily: fonts.display,
                fontSize: 24,
                color: palette.accentDark,
              }}
            >
              {initials(person.name)}
            </Box>
            <Typography
              component="h3"
              sx={{ fontFamily: fonts.display, fontSize: 24, fontWeight: 500, lineHeight: 1.2 }}
            >
              {person.name}
            </Typography>
            <Typography variant="overline" component="p" sx={{ color: palette.accent, lineHeight: 1.6 }}>
              {person.role}
            </Typography>
            {person.text && <Typography sx={{ color: palette.muted, fontSize: 15.5 }}>{person.text}</Typography>}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

function LinkList({ links }: { links: Block<'link'>[] }) {
  const { t } = useTranslation();
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, my: 3, maxWidth: MEASURE }}>
      {links.map((link) => {
        const target = safeHref(link.href);
        const host = target?.external ? hostOf(target.href) : '';
        const label = (
          <Typography
            component="span"
            sx={{ fontFamily: fonts.display, fontSize: 24, fontWeight: 500, lineHeight: 1.25, display: 'block' }}
          >
            {link.label}
            {target?.external && (
              <>
                <ExternalMark sx={{ ml: 1, color: palette.accent, width: '0.5em', height: '0.5em' }} />
                <Box component="span" sx={visuallyHidden}>
                  {` (${t('footer.newWindow')})`}
                </Box>
              </>
            )}
          </Typography>
        );
        return (
          <Box
            component="li"
            key={`${link.label}-${link.href}`}
            data-testid="content-block"
            data-block-type="link"
            sx={{
              borderTop: `1px solid ${palette.line}`,
              py: 2.5,
              '&:last-of-type': { borderBottom: `1px solid ${palette.line}` },
            }}
          >
            {!target && label}
            {target?.external && (
              <MuiLink href={target.href} target="_blank" rel="noopener noreferrer" underline="hover">
                {label}
              </MuiLink>
            )}
            {target && !target.external && target.href.startsWith('/') && (
              <MuiLink component={Link} to={target.href} underline="hover">
                {label}
              </MuiLink>
            )}
            {target && !target.external && !target.href.startsWith('/') && (
              <MuiLink href={target.href} underline="hover">
                {label}
              </MuiLink>
            )}
            {link.text && <Typography sx={{ color: palette.muted, mt: 0.5 }}>{link.text}</Typography>}
            {host && (
              <Typography sx={{ color: palette.muted, fontSize: 13, mt: 0.5, letterSpacing: '0.02em' }}>
                {host}
              </Typography>
            )}
          </Box>
        );
      })}
    </Box>
  );
}

/**
 * Questions and answers of the FAQ, every answer one click away: the browser's own disclosure (`details`), which opens
 * and closes without a script (the FAQ is a document, issue 33), is found by the page's search, and is announced as
 * expanded or collapsed.
 */
function Faq({ items }: { items: Block<'qa'>[] }) {
  return (
    <Box sx={{ my: 3, maxWidth: MEASURE, borderTop: `1px solid ${palette.line}` }}>
      {items.map((item) => (
        <Box key={item.question} data-testid="content-block" data-block-type="qa">
          <Box
            component="details"
            data-testid="faq-item"
            sx={{
              borderBottom: `1px solid ${palette.line}`,
              '&[open] .faq-mark': { transform: 'rotate(180deg)' },
            }}
          >
            <Box
              component="summary"
              sx={{
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'space-between',
                gap: 2,
                py: 2.5,
                cursor: 'pointer',
                listStyle: 'none',
                '&::-webkit-details-marker': { display: 'none' },
                '&:focus-visible': { outline: `2px solid ${palette.ink}`, outlineOffset: 2 },
              }}
            >
              <Typography
                component="span"
                sx={{ fontFamily: fonts.display, fontSize: 22, fontWeight: 500, lineHeight: 1.3 }}
              >
                {item.question}
              </Typography>
              <ExpandMoreIcon
                className="faq-mark"
                aria-hidden
                sx={{ color: palette.accent, flexShrink: 0, transition: 'transform 150ms ease' }}
              />
            </Box>
            <Typography sx={{ fontSize: 16.5, color: palette.muted, whiteSpace: 'pre-line', pb: 3 }}>
              {item.answer}
            </Typography>
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** Terms and their definitions (the glossary), all shown: a definition list. */
function Definitions({ items }: { items: Block<'qa'>[] }) {
  return (
    <Box component="dl" sx={{ m: 0, my: 3, maxWidth: MEASURE }}>
      {items.map((item) => (
        <Box
          key={item.question}
          data-testid="content-block"
          data-block-type="qa"
          sx={{
            py: 2.5,
            borderTop: `1px solid ${palette.line}`,
            '&:last-of-type': { borderBottom: `1px solid ${palette.line}` },
          }}
        >
          <Typography component="dt" sx={{ fontFamily: fonts.display, fontSize: 22, fontWeight: 500, mb: 0.75 }}>
            {item.question}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontSize: 16.5, color: palette.muted, whiteSpace: 'pre-line' }}>
            {item.answer}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

type Props = {
  blocks: readonly TContentBlock[];
  /** Questions as an accordion (the FAQ) or as an open list of definitions (the glossary). */
  qaStyle?: 'accordion' | 'definitions';
};

/** The anchors of the headings of a page, in order, for a table of contents. */
export function headingsOf(blocks: readonly TContentBlock[]): { text: string; anchor: string }[] {
  const texts = blocks.flatMap((block) => (block.type === 'heading' ? [block.text] : []));
  const anchors = headingAnchors(texts);
  return texts.map((text, index) => ({ text, anchor: anchors[index] as string }));
}

/** Editorial blocks as React elements: no HTML from the server is ever injected (decision 33). */
export function ContentBlocks({ blocks, qaStyle = 'definitions' }: Props) {
  const headings = headingsOf(blocks);
  let headingIndex = 0;
  return (
    <>
      {groupContentBlocks(blocks).map((group) => {
        switch (group.kind) {
          case 'person':
            return <PersonGrid key={group.index} people={group.blocks} />;
          case 'link':
            return <LinkList key={group.index} links={group.blocks} />;
          case 'qa':
            return qaStyle === 'accordion' ? (
              <Faq key={group.index} items={group.blocks} />
            ) : (
              <Definitions key={group.index} items={group.blocks} />
            );
          default: {
            const { block } = group;
            if (block.type === 'heading') {
              const heading = headings[headingIndex++];
              return (
                <BlockFrame key={group.index} type="heading">
                  <Heading text={block.text} anchor={heading?.anchor ?? 'section'} />
                </BlockFrame>
              );
            }
            return (
              <BlockFrame key={group.index} type={block.type}>
                {block.type === 'paragraph' ? <Paragraph text={block.text} /> : <List items={block.items} />}
              </BlockFrame>
            );
          }
        }
      })}
    </>
  );
}
