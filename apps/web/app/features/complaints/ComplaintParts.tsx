import { Box, Button, Chip, Link as MuiLink, Stack, Typography } from '@mui/material';
import {
  COMPLAINT_CATEGORY_LABELS,
  COMPLAINT_OUTCOME_LABELS,
  COMPLAINT_STATE_LABELS,
} from '@parcelle/shared/complaints';
import type { TComplaintReceipt, TMemberComplaint } from '@parcelle/shared/contracts/complaints';
import { formatDate } from '@parcelle/shared/dates';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../i18n/language';
import { palette } from '../theme/theme';
import { complaintsContactQuery } from './api';

/** The on-screen acknowledgement: the reference, the two due days, where the email went. */
export function ComplaintReceipt({ receipt, onAnother }: { receipt: TComplaintReceipt; onAnother: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Box
      role="status"
      data-testid="complaint-receipt"
      sx={{ border: `1px solid ${palette.line}`, borderLeft: `3px solid ${palette.accent}`, p: 3 }}
    >
      <Typography variant="h4" component="h2" sx={{ mb: 2 }}>
        {t('complaints.receipt.title')}
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 3, rowGap: 1, m: 0 }}>
        <Typography component="dt" sx={{ color: palette.muted }}>
          {t('complaints.receipt.reference')}
        </Typography>
        <Typography component="dd" sx={{ m: 0, fontWeight: 500 }} data-testid="complaint-reference">
          {receipt.reference}
        </Typography>
        <Typography component="dt" sx={{ color: palette.muted }}>
          {t('complaints.receipt.acknowledgeBy')}
        </Typography>
        <Typography component="dd" sx={{ m: 0 }} data-testid="complaint-acknowledge-by">
          {formatDate(receipt.acknowledge_due_on, language)}
        </Typography>
        <Typography component="dt" sx={{ color: palette.muted }}>
          {t('complaints.receipt.answerBy')}
        </Typography>
        <Typography component="dd" sx={{ m: 0 }} data-testid="complaint-answer-by">
          {formatDate(receipt.answer_due_on, language)}
        </Typography>
      </Box>
      <Typography sx={{ mt: 2, maxWidth: 640 }}>{t('complaints.receipt.email', { email: receipt.email })}</Typography>
      <Button onClick={onAnother} sx={{ mt: 2, px: 0 }} data-testid="complaint-another">
        {t('complaints.receipt.another')}
      </Button>
    </Box>
  );
}

/** The published complaints address and the mediator (configuration, GET /complaints/contact). */
export function ComplaintsAddress() {
  const { t } = useTranslation();
  const contact = useQuery(complaintsContactQuery);
  if (!contact.data) return null;
  return (
    <Box component="section" aria-labelledby="complaints-address-title" data-testid="complaints-address">
      <Typography id="complaints-address-title" variant="h5" component="h2" sx={{ mb: 1.5 }}>
        {t('complaints.address.title')}
      </Typography>
      <Stack spacing={1}>
        <Typography>
          {t('complaints.address.email')}{' '}
          <MuiLink href={`mailto:${contact.data.email}`} data-testid="complaints-email">
            {contact.data.email}
          </MuiLink>
        </Typography>
        <Typography>
          {t('complaints.address.post')} <span data-testid="complaints-postal">{contact.data.postal_address}</span>
        </Typography>
        <Typography sx={{ color: palette.muted }}>
          {t('complaints.address.mediator')} <span data-testid="complaints-mediator">{contact.data.mediator}</span>
        </Typography>
      </Stack>
    </Box>
  );
}

/** One of the member's complaints: its state and outcome, what they wrote, and the messages sent to them. */
export function ComplaintItem({ complaint }: { complaint: TMemberComplaint }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const messages = complaint.events.filter((event) => event.message);
  return (
    <Box
      component="li"
      data-testid="complaint"
      data-state={complaint.state}
      sx={{ py: 3, borderBottom: `1px solid ${palette.line}` }}
    >
      <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
        <Typography variant="body2" sx={{ color: palette.muted }}>
          {complaint.reference} ·{' '}
          {t('complaints.list.receivedOn', { date: formatDate(complaint.received_at, language) })}
        </Typography>
        <Chip size="small" label={COMPLAINT_STATE_LABELS[complaint.state][language]} data-testid="complaint-state" />
      </Stack>
      <Typography variant="h6" component="h3">
        {complaint.subject}
      </Typography>
      <Typography variant="body2" sx={{ color: palette.muted, mb: 1 }}>
        {COMPLAINT_CATEGORY_LABELS[complaint.category][language]}
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-line', maxWidth: 680 }}>{complaint.body}</Typography>
      {complaint.outcome && (
        <Typography sx={{ mt: 1.5, fontWeight: 500 }} data-testid="complaint-outcome">
          {t('complaints.list.outcome', { outcome: COMPLAINT_OUTCOME_LABELS[complaint.outcome][language] })}
        </Typography>
      )}
      {messages.length > 0 && (
        <Box sx={{ mt: 2, pl: 2, borderLeft: `2px solid ${palette.line}` }}>
          <Typography variant="subtitle2" component="h4" sx={{ mb: 1 }}>
            {t('complaints.list.messages')}
          </Typography>
          {messages.map((event) => (
            <Box key={`${event.kind}-${event.at}`} sx={{ mb: 1.5 }} data-testid="complaint-message">
              <Typography variant="body2" sx={{ color: palette.muted }}>
                {t('complaints.list.sentOn', { date: formatDate(event.at, language) })} ·{' '}
                {COMPLAINT_STATE_LABELS[event.to_state][language]}
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-line', maxWidth: 680 }}>{event.message}</Typography>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
