import { z } from 'zod';

/**
 * zod compiles object parsers with `new Function` unless told not to. The web app's Content-Security-Policy has no
 * 'unsafe-eval', so in a browser the probe and the compiled parsers are refused (a CSP violation report on every page
 * that parses). jitless keeps parsing to plain code there (issue 14). The flag is read when an object schema is
 * built, so every module that builds schemas imports this one first. Servers keep the faster compiled parsers.
 */
if ('document' in globalThis) z.config({ jitless: true });
