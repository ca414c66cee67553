import pg from 'pg';

/**
 * The statements this process sends while `work` runs (every pg.Client, BEGIN and COMMIT included), whitespace
 * folded and cut to `cut` characters (120; `Infinity` for whole texts); `counted` leaves some out (a request's
 * authentication, the jobs' own…).
 */
export async function statementsSentBy(
  work: () => Promise<unknown>,
  counted: (text: string) => boolean = () => true,
  cut = 120,
): Promise<string[]> {
  const sent: string[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [first] = args;
    const text = typeof first === 'string' ? first : (first as { text?: string } | undefined)?.text;
    if (text && counted(text)) sent.push(text.replace(/\s+/g, ' ').slice(0, cut));
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    await work();
  } finally {
    pg.Client.prototype.query = original;
  }
  return sent;
}
