/**
 * Sales of one work acted on at once, then at most once per window however many follow: the first sale runs `drop`
 * immediately, later ones within the window run it once more when the window ends. A busy drop (hundreds of sales a
 * second) thus costs each cache one drop per work and window, and what it shows is at most one window old.
 */
export class SaleWindows {
  private readonly open = new Map<string, { again: boolean; timer: NodeJS.Timeout }>();

  constructor(
    private readonly windowMs: number,
    private readonly drop: (paintingId: string) => void,
  ) {}

  sold(paintingId: string): void {
    const window = this.open.get(paintingId);
    if (window) {
      window.again = true;
      return;
    }
    this.drop(paintingId);
    const opened = { again: false, timer: setTimeout(() => this.close(paintingId), this.windowMs) };
    opened.timer.unref();
    this.open.set(paintingId, opened);
  }

  /** Forgets the windows still open (the app closes); their pending drops are not run. */
  clear(): void {
    for (const window of this.open.values()) clearTimeout(window.timer);
    this.open.clear();
  }

  private close(paintingId: string): void {
    const window = this.open.get(paintingId);
    this.open.delete(paintingId);
    if (window?.again) this.sold(paintingId);
  }
}
