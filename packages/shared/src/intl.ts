/**
 * Intl objects are costly to build (each construction resolves the locale and its data) and cheap to reuse. A
 * painting page formats a few hundred amounts, dates and part counts while it renders: building a formatter per call
 * was the largest single cost of its hydration on a phone (issue 14). One instance is kept per locale and options.
 * Options come from the code, not from input, so the number of kept instances is small; the bound is a safety net.
 */
const MAX_KEPT = 256;

function keeper<T, O>(make: (locale: string, options: O | undefined) => T) {
  const kept = new Map<string, T>();
  return (locale: string, options?: O): T => {
    const key = options === undefined ? locale : `${locale}\u0000${JSON.stringify(options)}`;
    let instance = kept.get(key);
    if (instance === undefined) {
      if (kept.size >= MAX_KEPT) kept.clear();
      instance = make(locale, options);
      kept.set(key, instance);
    }
    return instance;
  };
}

/** `new Intl.NumberFormat(locale, options)`, built once per locale and options. */
export const numberFormat = keeper<Intl.NumberFormat, Intl.NumberFormatOptions>(
  (locale, options) => new Intl.NumberFormat(locale, options),
);

/** `new Intl.DateTimeFormat(locale, options)`, built once per locale and options. */
export const dateTimeFormat = keeper<Intl.DateTimeFormat, Intl.DateTimeFormatOptions>(
  (locale, options) => new Intl.DateTimeFormat(locale, options),
);

/** `new Intl.PluralRules(locale, options)`, built once per locale and options. */
export const pluralRules = keeper<Intl.PluralRules, Intl.PluralRulesOptions>(
  (locale, options) => new Intl.PluralRules(locale, options),
);
