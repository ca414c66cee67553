import type from './type.module.css';

/** One of the theme's type variants (type.module.css). */
export type TypeVariant =
  | 'h1'
  | 'h2'
  | 'h3'
  | 'h4'
  | 'h5'
  | 'h6'
  | 'subtitle1'
  | 'body1'
  | 'body2'
  | 'caption'
  | 'overline';

/**
 * A CSS Module's classes with the theme's type variant of each listed class added to it: `withType(styles, { title:
 * 'h2' })` gives `styles.title` as `"<title's class> <h2's classes>"`. The variants come from type.module.css's own
 * import rather than from `composes: h2 from "…/type.module.css"`, because Vite copies a composed file's whole CSS
 * into the stylesheet of every module that composes from it: on a page with two such modules in two stylesheets, the
 * later copy's `margin: 0` came after the earlier module's own margins and won (issue 33). Imported this way,
 * type.module.css is one file of the frame's stylesheet (vite.config.ts), linked before any route's, so a module's
 * own rules always win over the variant's.
 */
export function withType<T extends Readonly<Record<string, string>>>(
  styles: T,
  variants: Partial<Record<keyof T, TypeVariant>>,
): T {
  const out: Record<string, string> = { ...styles };
  for (const [name, variant] of Object.entries(variants)) {
    if (variant) out[name] = `${styles[name] ?? ''} ${type[variant]}`.trim();
  }
  return out as T;
}
