/** The width and side padding of public page content: wide enough for art, with calm margins. */
export const PAGE_WIDTH = { maxWidth: 1320, px: { xs: 3, md: 5 } } as const;
