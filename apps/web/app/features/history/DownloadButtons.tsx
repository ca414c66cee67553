import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import { Button, Stack } from '@mui/material';
import type { HistoryType } from '@parcelle/shared/contracts/member-area';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../feedback/toast';
import { localized, useLanguage } from '../i18n/language';
import { downloadQuery, failureText } from './api';

type Format = 'pdf' | 'csv';

/**
 * The statement of the current tab (spec §2, §7 `/member/download/{type}`): the server answers signed links that
 * need no token, and the chosen one opens in a new window (the file comes as an attachment).
 */
export function DownloadButtons({ type }: { type: HistoryType }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<Format | null>(null);

  const download = async (format: Format) => {
    setBusy(format);
    try {
      const links = await queryClient.fetchQuery(downloadQuery(type));
      window.open(format === 'pdf' ? links.download_url : links.csv_url, '_blank', 'noopener');
    } catch (error) {
      toast(localized(failureText(error), language), 'error');
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
      {(['pdf', 'csv'] as const).map((format) => (
        <Button
          key={format}
          variant="outlined"
          size="small"
          startIcon={<DownloadOutlined />}
          loading={busy === format}
          disabled={busy !== null && busy !== format}
          onClick={() => void download(format)}
          aria-label={t(`history.download.${format}Label`)}
          data-testid={`history-download-${format}`}
        >
          {t(`history.download.${format}`)}
        </Button>
      ))}
    </Stack>
  );
}
