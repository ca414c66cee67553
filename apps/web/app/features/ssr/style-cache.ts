import createCache, { type EmotionCache } from '@emotion/cache';

/**
 * The emotion cache of one server render. Key "css", as the browser's default cache: on start-up that cache
 * adopts the `<style data-emotion="css …">` tags of the server's head, so hydration inserts no style twice.
 */
export function createStyleCache(): EmotionCache {
  return createCache({ key: 'css' });
}
