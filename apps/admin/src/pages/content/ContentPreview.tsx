import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { type ContentBlockOf, groupContentBlocks } from '@parcelle/shared/content-blocks';
import type { TContentBlock } from '@parcelle/shared/contracts/catalogue';
import { isContentHref } from '@parcelle/shared/contracts/content-admin';

type Block<T extends TContentBlock['type']> = ContentBlockOf<T>;

const serif = '"Cormorant Garamond", Georgia, serif';
const line = '1px solid rgba(0, 0, 0, 0.12)';

function People({ people }: { people: Block<'person'>[] }) {
  return (
    <Box
      component="ul"
      sx={{ listStyle: 'none', p: 0, my: 3, display: 'grid', gap: 2, gridTemplateColumns: 'repeat(2, 1fr)' }}
    >
      {people.map((person, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a draft may hold the same person twice
        <Box component="li" key={index} sx={{ p: 2, border: line }}>
          <Typography component="h4" sx={{ fontFamily: serif, fontSize: 22 }}>
            {person.name}
          </Typography>
          <Typography variant="overline" component="p" color="primary">
            {person.role}
          </Typography>
          {person.text && <Typography color="text.secondary">{person.text}</Typography>}
        </Box>
      ))}
    </Box>
  );
}

function Links({ links }: { links: Block<'link'>[] }) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, my: 2 }}>
      {links.map((link, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a draft may hold the same link twice
        <Box component="li" key={index} sx={{ borderTop: line, py: 1.5 }}>
          {isContentHref(link.href.trim()) ? (
            <Link
              href={link.href.trim()}
              target="_blank"
              rel="noopener noreferrer"
              sx={{ fontFamily: serif, fontSize: 22 }}
            >
              {link.label}
            </Link>
          ) : (
            // The public page shows a link it refuses as plain text, too.
            <Typography component="span" sx={{ fontFamily: serif, fontSize: 22 }}>
              {link.label}
            </Typography>
          )}
          {link.text && <Typography color="text.secondary">{link.text}</Typography>}
        </Box>
      ))}
    </Box>
  );
}

function Questions({ items, accordion }: { items: Block<'qa'>[]; accordion: boolean }) {
  if (accordion)
    return (
      <Box sx={{ my: 2, borderTop: line }}>
        {items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a draft may hold the same question twice
          <Accordion key={index} disableGutters elevation={0} square sx={{ borderBottom: line }}>
            <AccordionSummary expandIcon={<ExpandMoreIcon />}>
              <Typography component="span" sx={{ fontFamily: serif, fontSize: 20 }}>
                {item.question}
              </Typography>
            </AccordionSummary>
            <AccordionDetails>
              <Typography sx={{ whiteSpace: 'pre-line' }}>{item.answer}</Typography>
            </AccordionDetails>
          </Accordion>
        ))}
      </Box>
    );
  return (
    <Box component="dl" sx={{ my: 2 }}>
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a draft may hold the same term twice
        <Box key={index} sx={{ py: 1.5, borderTop: line }}>
          <Typography component="dt" sx={{ fontFamily: serif, fontSize: 20 }}>
            {item.question}
          </Typography>
          <Typography component="dd" sx={{ m: 0, whiteSpace: 'pre-line' }} color="text.secondary">
            {item.answer}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/**
 * The page as the public site shows it, from the blocks being edited: the same grouping, the FAQ as an accordion and
 * other questions as definitions, links the site would refuse as plain text. Headings sit one level below the
 * preview's title, so the console page keeps one heading outline.
 */
export function ContentPreview({
  title,
  blocks,
  faq,
  label,
  lang,
}: {
  title: string;
  blocks: readonly TContentBlock[];
  faq: boolean;
  label: string;
  lang: 'en' | 'fr';
}) {
  return (
    <Box
      component="section"
      aria-label={label}
      lang={lang}
      data-testid="content-preview"
      sx={{ p: 3, bgcolor: '#faf8f4', border: line, minHeight: 200 }}
    >
      <Typography component="h2" sx={{ fontFamily: serif, fontSize: 40, lineHeight: 1.1, mb: 3 }}>
        {title}
      </Typography>
      {groupContentBlocks(blocks).map((group) => {
        switch (group.kind) {
          case 'person':
            return <People key={group.index} people={group.blocks} />;
          case 'link':
            return <Links key={group.index} links={group.blocks} />;
          case 'qa':
            return <Questions key={group.index} items={group.blocks} accordion={faq} />;
          default: {
            const { block } = group;
            if (block.type === 'heading')
              return (
                <Typography key={group.index} component="h3" sx={{ fontFamily: serif, fontSize: 28, mt: 3, mb: 1 }}>
                  {block.text}
                </Typography>
              );
            if (block.type === 'paragraph')
              return (
                <Typography key={group.index} sx={{ whiteSpace: 'pre-line', mb: 2, lineHeight: 1.7 }}>
                  {block.text}
                </Typography>
              );
            return (
              <Box component="ul" key={group.index} sx={{ mb: 2 }}>
                {block.items.map((item, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: items are plain texts that may repeat
                  <li key={index}>{item}</li>
                ))}
              </Box>
            );
          }
        }
      })}
    </Box>
  );
}
