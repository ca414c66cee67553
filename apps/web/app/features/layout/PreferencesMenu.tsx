import { CURRENCIES, CURRENCY_SYMBOL, type Currency, LANGUAGES } from '@parcelle/shared/constants';
import type { Language } from '@parcelle/shared/i18n/messages';
import { type FormEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { currentLanguage, isLanguage } from '../i18n/language';
import { isCurrency, setCurrency, useCurrency } from '../preferences/currency';
import { changeLanguage } from '../preferences/language';
import hidden from './header.module.css';
import { Icon } from './icons';
import styles from './preferences-menu.module.css';

/** Where the chooser's form goes when the page has no JavaScript (apps/api/src/http/preferences-form.ts). */
export const PREFERENCES_ACTION = '/preferences';

function Option(props: {
  name: 'language' | 'currency';
  value: string;
  selected: boolean;
  lang?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      name={props.name}
      value={props.value}
      lang={props.lang}
      aria-pressed={props.selected}
      data-testid={`${props.name}-${props.value}`}
      className={styles.option}
    >
      {props.children}
      {props.selected && <Icon name="check" small className={styles.check} />}
    </button>
  );
}

/**
 * Language and currency chooser (spec §2; plain elements, decision 506), built on the browser's own popover (issue 33): the button opens it without
 * any script, Escape and a click outside close it, focus returns to the button, and every choice is a submit button
 * of one small form, so Tab and Enter alone are enough. Without JavaScript the form posts to `/preferences`, which
 * keeps the choice in its cookie and brings the visitor back; with it, the choice applies at once, in place.
 */
export function PreferencesMenu() {
  const { t, i18n } = useTranslation();
  const currency = useCurrency();
  const language = currentLanguage();
  const { pathname, search } = useLocation();
  const ids = useId();
  const panel = useRef<HTMLDivElement>(null);
  const popoverId = `${ids}-preferences`;

  // Keyboard users land on the current language when the chooser opens (with a script; without one, Tab does).
  useEffect(() => {
    const element = panel.current;
    const onToggle = (event: Event) => {
      if ((event as ToggleEvent).newState !== 'open') return;
      element?.querySelector<HTMLButtonElement>('button[name="language"][aria-pressed="true"]')?.focus();
    };
    element?.addEventListener('toggle', onToggle);
    return () => element?.removeEventListener('toggle', onToggle);
  }, []);

  const choose = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (!submitter) return;
    event.preventDefault();
    const value: unknown = submitter.value;
    if (submitter.name === 'language' && isLanguage(value) && value !== language) void changeLanguage(value);
    if (submitter.name === 'currency' && isCurrency(value)) setCurrency(value as Currency);
    panel.current?.hidePopover?.();
  };

  return (
    <>
      <button
        type="button"
        popoverTarget={popoverId}
        aria-haspopup="dialog"
        data-testid="preferences-button"
        lang={i18n.resolvedLanguage}
        className={styles.button}
      >
        <Icon name="language" small className={styles.globe} />
        {/* The visible text starts the accessible name (WCAG 2.5.3), the purpose follows for screen readers. */}
        {language.toUpperCase()} · {CURRENCY_SYMBOL[currency]}
        <span className={hidden.visuallyHidden}>{` — ${t('preferences.button')}`}</span>
      </button>
      <div
        ref={panel}
        id={popoverId}
        popover="auto"
        role="dialog"
        aria-labelledby={`${ids}-title`}
        data-testid="preferences-dialog"
        className={styles.panel}
      >
        <form method="post" action={PREFERENCES_ACTION} onSubmit={choose}>
          <input type="hidden" name="return" value={`${pathname}${search}`} />
          <h2 id={`${ids}-title`} className={hidden.visuallyHidden}>
            {t('preferences.button')}
          </h2>
          <p id={`${ids}-language`} className={styles.overline}>
            {t('preferences.language')}
          </p>
          {/* biome-ignore lint/a11y/useSemanticElements: a group named by the overline above it, as MUI's Box was; a fieldset would need its legend inside. */}
          <div role="group" aria-labelledby={`${ids}-language`} className={styles.group}>
            {LANGUAGES.map((code: Language) => (
              <Option key={code} name="language" value={code} lang={code} selected={code === language}>
                {t(`preferences.languages.${code}`)}
              </Option>
            ))}
          </div>
          <p id={`${ids}-currency`} className={styles.overline}>
            {t('preferences.currency')}
          </p>
          {/* biome-ignore lint/a11y/useSemanticElements: a group named by the overline above it, as MUI's Box was; a fieldset would need its legend inside. */}
          <div role="group" aria-labelledby={`${ids}-currency`}>
            {CURRENCIES.map((code) => (
              <Option key={code} name="currency" value={code} selected={code === currency}>
                {t(`preferences.currencies.${code}`)}
              </Option>
            ))}
          </div>
        </form>
      </div>
    </>
  );
}
