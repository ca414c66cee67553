import { type ContentBlockOf, groupContentBlocks } from '@parcelle/shared/content-blocks';
import type { TContentBlock } from '@parcelle/shared/contracts/catalogue';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ICONS } from '../layout/icons';
import { EXTERNAL_PATH } from '../layout/marks';
import hidden from '../layout/visually-hidden.module.css';
import { headingAnchors, hostOf, safeHref } from './anchors';
import styles from './content.module.css';

type Block<T extends TContentBlock['type']> = ContentBlockOf<T>;

function BlockFrame({ type, children, wide = false }: { type: string; children: ReactNode; wide?: boolean }) {
  return (
    <div data-testid="content-block" data-block-type={type} className={wide ? undefined : styles.measure}>
      {children}
    </div>
  );
}

function Heading({ text, anchor }: { text: string; anchor: string }) {
  const { t } = useTranslation();
  return (
    <h2 id={anchor} className={styles.heading}>
      {text}
      <a href={`#${anchor}`} className={styles.anchor}>
        <span aria-hidden="true">#</span>
        <span className={hidden.visuallyHidden}>{t('content.page.anchor', { title: text })}</span>
      </a>
    </h2>
  );
}

function Paragraph({ text }: { text: string }) {
  return <p className={styles.paragraph}>{text}</p>;
}

function List({ items }: { items: string[] }) {
  return (
    <ul className={styles.list}>
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: items are plain texts that may repeat
        <li key={index}>{item}</li>
      ))}
    </ul>
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
    <ul className={styles.people}>
      {people.map((person) => (
        <li key={`${person.name}-${person.role}`} data-testid="content-block" data-block-type="person">
          <article data-testid="person-card" className={styles.person}>
            <div aria-hidden="true" className={styles.initials}>
              {initials(person.name)}
            </div>
            <h3 className={styles.personName}>{person.name}</h3>
            <p className={styles.role}>{person.role}</p>
            {person.text && <p className={styles.personText}>{person.text}</p>}
          </article>
        </li>
      ))}
    </ul>
  );
}

function LinkList({ links }: { links: Block<'link'>[] }) {
  const { t } = useTranslation();
  return (
    <ul className={styles.links}>
      {links.map((link) => {
        const target = safeHref(link.href);
        const host = target?.external ? hostOf(target.href) : '';
        const label = (
          <span className={styles.linkLabel}>
            {link.label}
            {target?.external && (
              <>
                <svg viewBox="0 0 10 10" aria-hidden="true" focusable="false" className={styles.external}>
                  <path d={EXTERNAL_PATH} fill="currentColor" />
                </svg>
                <span className={hidden.visuallyHidden}>{` (${t('footer.newWindow')})`}</span>
              </>
            )}
          </span>
        );
        return (
          <li key={`${link.label}-${link.href}`} data-testid="content-block" data-block-type="link">
            {!target && label}
            {target?.external && (
              <a href={target.href} target="_blank" rel="noopener noreferrer" className={styles.link}>
                {label}
              </a>
            )}
            {target && !target.external && target.href.startsWith('/') && (
              <Link to={target.href} className={styles.link}>
                {label}
              </Link>
            )}
            {target && !target.external && !target.href.startsWith('/') && (
              <a href={target.href} className={styles.link}>
                {label}
              </a>
            )}
            {link.text && <p className={styles.linkText}>{link.text}</p>}
            {host && <p className={styles.host}>{host}</p>}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Questions and answers of the FAQ, every answer one click away: the browser's own disclosure (`details`), which opens
 * and closes without a script (the FAQ is a document, issue 33), is found by the page's search, and is announced as
 * expanded or collapsed.
 */
function Faq({ items }: { items: Block<'qa'>[] }) {
  return (
    <div className={styles.faq}>
      {items.map((item) => (
        <div key={item.question} data-testid="content-block" data-block-type="qa">
          <details data-testid="faq-item">
            <summary>
              <span className={styles.question}>{item.question}</span>
              <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={styles.mark}>
                <path d={ICONS.expandMore} />
              </svg>
            </summary>
            <p className={styles.answer}>{item.answer}</p>
          </details>
        </div>
      ))}
    </div>
  );
}

/** Terms and their definitions (the glossary), all shown: a definition list. */
function Definitions({ items }: { items: Block<'qa'>[] }) {
  return (
    <dl className={styles.definitions}>
      {items.map((item) => (
        <div key={item.question} data-testid="content-block" data-block-type="qa" className={styles.definition}>
          <dt className={styles.term}>{item.question}</dt>
          <dd className={styles.definitionText}>{item.answer}</dd>
        </div>
      ))}
    </dl>
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
