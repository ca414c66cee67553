import type { TProfile } from '@parcelle/shared/contracts/auth';
import { countryName } from '@parcelle/shared/countries';
import { formatDate } from '@parcelle/shared/dates';
import type { Language } from '@parcelle/shared/i18n/messages';
import { formatMoney, intlLocale } from '@parcelle/shared/money';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/** Display texts of a profile in a language; null where the member gave nothing. */
export function profileTexts(profile: TProfile, language: Language) {
  return {
    country: profile.country ? (countryName(profile.country, language) ?? profile.country) : null,
    phone: phoneText(profile.phone),
    birthDate: safeDate(profile.birth_date, language),
    memberSince: safeDate(profile.created_at, language),
    balance: formatMoney(profile.wallet_amount.minor, profile.wallet_amount.curr, language),
    language: languageName(profile.lang, language),
  };
}

/**
 * A language's name in the reader's language, as Intl names it, with a capital as a value on its own line takes:
 * en "English", "French"; fr "Anglais", "Français" (issue 17: the French profile said "Langue : English"). The
 * language chooser keeps each language's own name, which is what a reader looks for there.
 */
export function languageName(lang: Language, reader: Language): string {
  const name = new Intl.DisplayNames([intlLocale(reader)], { type: 'language' }).of(lang) ?? lang;
  return name.charAt(0).toLocaleUpperCase(intlLocale(reader)) + name.slice(1);
}

function safeDate(value: string | null, language: Language): string | null {
  if (!value) return null;
  try {
    return formatDate(value, language);
  } catch {
    return null;
  }
}

export function phoneText(phone: TProfile['phone']): string | null {
  if (!phone?.number) return null;
  const dial = phone.code.startsWith('+') ? phone.code : `+${phone.code}`;
  const parsed = parsePhoneNumberFromString(`${dial}${phone.number.replace(/\D/g, '')}`);
  return parsed ? parsed.formatInternational() : `${dial} ${phone.number}`;
}
