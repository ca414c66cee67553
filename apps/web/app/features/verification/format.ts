import { formatDate } from '@parcelle/shared/dates';
import type { Language } from '@parcelle/shared/i18n/messages';
import { formatNumber } from '@parcelle/shared/money';

/** A file size in megabytes or kilobytes, in the language's notation ("10 MB", "10 Mo"). */
export function formatBytes(bytes: number, language: Language): string {
  const mega = bytes >= 1024 * 1024;
  return formatNumber(mega ? bytes / (1024 * 1024) : Math.max(1, Math.round(bytes / 1024)), language, {
    style: 'unit',
    unit: mega ? 'megabyte' : 'kilobyte',
    unitDisplay: 'short',
    maximumFractionDigits: mega ? 1 : 0,
  });
}

/** A day as every member screen writes one (shared formatDate, issue 31): "21 Jul 1966", "21 juil. 1966". */
export function formatDay(iso: string, language: Language): string {
  if (Number.isNaN(new Date(iso).getTime())) return iso;
  return formatDate(iso, language);
}

/** A document's type as the member knows it. */
export function typeName(contentType: string): string {
  if (contentType === 'application/pdf') return 'PDF';
  if (contentType === 'image/png') return 'PNG';
  if (contentType === 'image/jpeg') return 'JPEG';
  return contentType;
}
