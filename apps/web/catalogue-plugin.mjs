import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

const PREFIX = 'virtual:parcelle-catalogue/';
const MESSAGES_FILE = fileURLToPath(new URL('../../packages/shared/src/i18n/messages.ts', import.meta.url));

/**
 * `virtual:parcelle-catalogue/<lang>`: the shared message catalogue (`@parcelle/shared/i18n/messages`, both languages
 * side by side) in one language, as a plain object, worked out at build time. The browser's texts of one language
 * (app/features/i18n/translations.<lang>.ts) then carry only that language's messages (issue 14).
 *
 * @returns {import('vite').Plugin}
 */
export function catalogueByLanguage() {
  return {
    name: 'parcelle-catalogue-by-language',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    async load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const language = id.slice(PREFIX.length + 1);
      if (language !== 'en' && language !== 'fr') throw new Error(`no catalogue for "${language}"`);
      this.addWatchFile(MESSAGES_FILE);
      /** @type {{ module: { messages: Record<string, { en: string; fr: string }> } }} */
      const { module } = await runnerImport(MESSAGES_FILE, { configFile: false, logLevel: 'silent' });
      const catalogue = Object.fromEntries(Object.entries(module.messages).map(([key, text]) => [key, text[language]]));
      return `export default ${JSON.stringify(catalogue)};`;
    },
  };
}
