import type { Language } from '@parcelle/shared/i18n/messages';

/** A file size in megabytes or kilobytes, in the language's notation ("10 MB", "10 Mo"). */
export function formatBytes(bytes: number, language: Language): string {
  const mega = bytes >= 1024 * 1024;
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: mega ? 'megabyte' : 'kilobyte',
    unitDisplay: 'short',
    maximumFractionDigits: mega ? 1 : 0,
  }).format(mega ? bytes / (1024 * 1024) : Math.max(1, Math.round(bytes / 1024)));
}

/** A day, written out in the language ("21 July 1966", "21 juillet 1966"). */
export function formatDay(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(date);
}

/** A document's type as the member knows it. */
export function typeName(contentType: string): string {
  if (contentType === 'application/pdf') return 'PDF';
  if (contentType === 'image/png') return 'PNG';
  if (contentType === 'image/jpeg') return 'JPEG';
  return contentType;
}
