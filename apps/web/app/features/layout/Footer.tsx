import type { SvgIconComponent } from '@mui/icons-material';
import FacebookIcon from '@mui/icons-material/Facebook';
import InstagramIcon from '@mui/icons-material/Instagram';
import LinkedInIcon from '@mui/icons-material/LinkedIn';
import XIcon from '@mui/icons-material/X';
import YouTubeIcon from '@mui/icons-material/YouTube';
import { Box, ButtonBase, Container, IconButton, Link as MuiLink, Stack, Typography } from '@mui/material';
import { isPublicHttpsLink } from '@parcelle/shared/links';
import { lazy, type MouseEvent, type ReactNode, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { islandProps, useInDocument } from '../../document/document';
import { type FooterData, useFooterContent } from '../catalogue/api';
import { CONTACT_PATH, opensElsewhere } from '../contact/contact-link';
import { AddressDialog, INFO_DIALOG_IDS, JoinDialog, WorkDialog } from '../contact/InfoDialogs';
import { useLanguage } from '../i18n/language';
import { NewsletterSignup } from '../newsletter/NewsletterSignup';
import { fonts, palette, visuallyHidden } from '../theme/theme';
import { Logo } from './Logo';
import { FOOTER_COLUMNS, type FooterLink } from './links';
import { ExternalMark } from './marks';

const soft = 'rgba(251, 249, 245, 0.72)';
const faint = 'rgba(251, 249, 245, 0.6)';
const rule = '1px solid rgba(251, 249, 245, 0.16)';

const linkSx = {
  color: soft,
  fontSize: 14,
  textDecoration: 'none',
  '&:hover': { color: palette.paper, textDecoration: 'underline', textUnderlineOffset: '4px' },
} as const;

function NewWindow() {
  const { t } = useTranslation();
  return (
    <Box component="span" sx={visuallyHidden}>
      {` (${t('footer.newWindow')})`}
    </Box>
  );
}

function FooterItem({ link }: { link: FooterLink }) {
  const { t } = useTranslation();
  if (link.external) {
    return (
      <MuiLink href={link.to} target="_blank" rel="noopener noreferrer" sx={linkSx}>
        {t(link.label)}
        <NewWindow />
        <ExternalMark />
      </MuiLink>
    );
  }
  return (
    <MuiLink component={Link} to={link.to} sx={linkSx}>
      {t(link.label)}
    </MuiLink>
  );
}

function ColumnTitle({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <Typography
      component="h2"
      id={id}
      sx={{ fontFamily: fonts.display, fontSize: 20, fontWeight: 500, mb: 2, color: palette.paper }}
    >
      {children}
    </Typography>
  );
}

type Network = keyof FooterData['siteSettings']['social_media_links'];
const NETWORKS: readonly { network: Network; name: string; Icon: SvgIconComponent }[] = [
  { network: 'youtube', name: 'YouTube', Icon: YouTubeIcon },
  { network: 'linkedin', name: 'LinkedIn', Icon: LinkedInIcon },
  { network: 'instagram', name: 'Instagram', Icon: InstagramIcon },
  { network: 'facebook', name: 'Facebook', Icon: FacebookIcon },
  { network: 'twitter', name: 'X (Twitter)', Icon: XIcon },
];

function SocialLinks({ links }: { links: FooterData['siteSettings']['social_media_links'] }) {
  const { t } = useTranslation();
  const present = NETWORKS.filter(({ network }) => isPublicHttpsLink(links[network] ?? ''));
  if (present.length === 0) return null;
  return (
    <Stack component="ul" direction="row" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0, ml: -1 }}>
      {present.map(({ network, name, Icon }) => (
        <li key={network}>
          <IconButton
            component="a"
            href={links[network]}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${t('content.footer.social', { network: name })} (${t('footer.newWindow')})`}
            title={name}
            data-testid={`footer-social-${network}`}
            sx={{ color: soft, '&:hover': { color: palette.paper, bgcolor: 'rgba(251, 249, 245, 0.08)' } }}
          >
            <Icon fontSize="small" />
          </IconButton>
        </li>
      ))}
    </Stack>
  );
}

type InfoDialogName = 'address' | 'join' | 'work';

const INFO_BUTTONS: readonly { name: InfoDialogName; label: string; testId: string }[] = [
  { name: 'address', label: 'content.footer.address', testId: 'footer-address' },
  { name: 'join', label: 'content.footer.join', testId: 'footer-join' },
  { name: 'work', label: 'content.footer.work', testId: 'footer-work' },
];

/** The licensed exchange (spec §1): its registration number and its documents, when the footer data came. */
function Exchange({ data }: { data: FooterData }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const docs = data.weexDocs;
  const documents = [
    { name: 'structure', label: 'content.footer.docStructure', href: docs.structure },
    { name: 'control', label: 'content.footer.docControl', href: docs.controle },
    { name: 'security', label: 'content.footer.docSecurity', href: docs.security },
    {
      name: 'coverage',
      label: 'content.footer.docCoverage',
      href: language === 'en' ? docs.coverage_en || docs.coverage : docs.coverage,
    },
  ].filter((doc) => doc.href);
  const registration = data.siteSettings.registration_number;
  if (!registration && documents.length === 0) return null;
  return (
    <Box
      sx={{
        mt: { xs: 6, md: 8 },
        pt: 3,
        borderTop: rule,
        display: 'flex',
        flexDirection: { xs: 'column', md: 'row' },
        gap: { xs: 2, md: 4 },
        alignItems: { md: 'center' },
        justifyContent: 'space-between',
      }}
    >
      {registration && (
        <Typography sx={{ fontSize: 13.5, color: soft }} data-testid="footer-registration">
          {t('content.footer.registration')}{' '}
          <Box component="span" sx={{ color: palette.paper, fontWeight: 500, whiteSpace: 'nowrap' }}>
            {registration}
          </Box>
        </Typography>
      )}
      {documents.length > 0 && (
        <Box component="nav" aria-label={t('content.footer.documents')}>
          <Box
            component="ul"
            sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 1 }}
          >
            {documents.map((doc) => (
              <li key={doc.name}>
                <MuiLink
                  href={doc.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  data-testid={`footer-doc-${doc.name}`}
                  sx={{ ...linkSx, fontSize: 13.5 }}
                >
                  {t(doc.label)}
                  <Box component="span" sx={{ ml: 0.75, fontSize: 11, letterSpacing: '0.08em', color: faint }}>
                    PDF
                  </Box>
                  <NewWindow />
                </MuiLink>
              </li>
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}

// The contact form loads when first opened: it brings its form library and the shared schemas, which the first
// paint of every page must not wait for (issue 14). The three others are plain text, on the page from the start,
// opened by their buttons with no script (issue 33).
const ContactDialog = lazy(() => import('../contact/ContactDialog').then((m) => ({ default: m.ContactDialog })));

export function Footer() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  const footer = useFooterContent();
  const [contactOpen, setContactOpen] = useState(false);
  // Once opened, the contact form stays mounted, so that it keeps what was typed.
  const [contactUsed, setContactUsed] = useState(false);
  const closeContact = useCallback(() => setContactOpen(false), []);
  // In a document (issue 33) the contact button and the sign-up are islands: the runtime mounts them when used.
  const inDocument = useInDocument();

  // Spec §8: a failed footer call is only logged; the parts that need no data still show.
  useEffect(() => {
    if (footer.isError) console.error('footer content could not be loaded', footer.error);
  }, [footer.isError, footer.error]);
  const data = footer.data;

  return (
    <Box component="footer" sx={{ bgcolor: palette.ink, color: palette.paper, mt: 'auto' }} data-testid="footer">
      <Container maxWidth={false} sx={{ maxWidth: 1320, px: { xs: 3, md: 5 }, pt: { xs: 7, md: 10 }, pb: 5 }}>
        <Box sx={{ pb: { xs: 6, md: 8 }, mb: { xs: 6, md: 8 }, borderBottom: rule }}>
          <div {...islandProps(inDocument, 'newsletter')}>
            <NewsletterSignup />
          </div>
        </Box>
        <Box
          sx={{
            display: 'grid',
            columnGap: { xs: 3, md: 5 },
            rowGap: { xs: 5, md: 6 },
            gridTemplateColumns: { xs: '1fr 1fr', md: '1.5fr repeat(4, 1fr)' },
          }}
        >
          <Stack spacing={2.5} sx={{ maxWidth: 360, gridColumn: { xs: '1 / -1', md: 'auto' } }}>
            <Logo tone="light" />
            <Typography sx={{ color: soft, fontSize: 14.5 }}>{t('footer.about')}</Typography>
            {data && <SocialLinks links={data.siteSettings.social_media_links} />}
          </Stack>
          {FOOTER_COLUMNS.map((column) => (
            <Box key={column.title} component="nav" aria-label={t(column.title)}>
              <ColumnTitle>{t(column.title)}</ColumnTitle>
              <Stack component="ul" spacing={1.25} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {column.links.map((link) => (
                  <li key={link.to}>
                    <FooterItem link={link} />
                  </li>
                ))}
              </Stack>
            </Box>
          ))}
          <Box component="section" aria-labelledby="footer-contact-title">
            <ColumnTitle id="footer-contact-title">{t('content.footer.contactTitle')}</ColumnTitle>
            <Stack component="ul" spacing={1.25} sx={{ listStyle: 'none', p: 0, m: 0 }}>
              <li>
                {/* A page of its own without a script (/contact, decision 476); with one, the dialog opens in place. */}
                <MuiLink
                  href={CONTACT_PATH}
                  onClick={(event: MouseEvent) => {
                    if (inDocument || opensElsewhere(event)) return;
                    event.preventDefault();
                    setContactUsed(true);
                    setContactOpen(true);
                  }}
                  {...(inDocument ? islandProps(inDocument, 'contact') : { 'aria-haspopup': 'dialog' as const })}
                  data-testid="footer-contact"
                  sx={linkSx}
                >
                  {t('content.footer.contact')}
                </MuiLink>
              </li>
              {INFO_BUTTONS.map((button) => (
                <li key={button.name}>
                  <ButtonBase
                    command="show-modal"
                    commandfor={INFO_DIALOG_IDS[button.name]}
                    aria-haspopup="dialog"
                    data-testid={button.testId}
                    sx={{ ...linkSx, fontFamily: 'inherit', textAlign: 'left' }}
                  >
                    {t(button.label)}
                  </ButtonBase>
                </li>
              ))}
            </Stack>
          </Box>
        </Box>
        {data && <Exchange data={data} />}
        <Box
          sx={{
            mt: data ? 3 : { xs: 6, md: 9 },
            pt: 3,
            borderTop: rule,
            display: 'flex',
            flexDirection: { xs: 'column', md: 'row' },
            gap: 2,
            justifyContent: 'space-between',
          }}
        >
          <Typography sx={{ fontSize: 13, color: faint }}>{t('footer.rights', { year })}</Typography>
          <Typography sx={{ fontSize: 13, color: faint, maxWidth: 640 }}>{t('footer.risk')}</Typography>
        </Box>
      </Container>
      <Suspense fallback={null}>{contactUsed && <ContactDialog open={contactOpen} onClose={closeContact} />}</Suspense>
      <AddressDialog />
      <JoinDialog />
      <WorkDialog />
    </Box>
  );
}
