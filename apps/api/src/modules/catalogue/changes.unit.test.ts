import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type CatalogueChange, type ChangeTransport, SharedCatalogueChanges } from './changes';

/** A transport that keeps what it was asked to publish, and delivers nothing. */
function recordingTransport() {
  const published: CatalogueChange[] = [];
  const transport: ChangeTransport = {
    name: 'postgres',
    start: async () => {},
    publish: async (message) => {
      published.push((JSON.parse(message) as { change: CatalogueChange }).change);
    },
    close: async () => {},
  };
  return { transport, published };
}

const SALE: CatalogueChange = { kind: 'sale', paintingId: '0c8b1d2b-f975-55bb-abe4-1687b9094829' };
const OTHER_SALE: CatalogueChange = { kind: 'sale', paintingId: '9d2f6a10-1111-4222-8333-944455556666' };

describe('SharedCatalogueChanges: a change announced again within the window is published once more, at its end', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('tells its own listeners every time, publishes the first at once and the repeats once per window', async () => {
    const { transport, published } = recordingTransport();
    const changes = new SharedCatalogueChanges(transport, () => {}, 50);
    const told: CatalogueChange[] = [];
    changes.onChange((change) => told.push(change));

    changes.changed(SALE);
    expect(published).toEqual([SALE]);
    changes.changed(SALE);
    changes.changed(SALE);
    changes.changed(OTHER_SALE);
    // Another work's change is its own: published at once.
    expect(published).toEqual([SALE, OTHER_SALE]);
    expect(told).toHaveLength(4);

    await vi.advanceTimersByTimeAsync(50);
    // The two repeats of SALE: one message at the window's end; OTHER_SALE was not repeated.
    expect(published).toEqual([SALE, OTHER_SALE, SALE]);
    changes.changed(SALE);
    await vi.advanceTimersByTimeAsync(50);
    expect(published).toEqual([SALE, OTHER_SALE, SALE, SALE]);
    // Nothing repeated in the last window: nothing more, and the next change is published at once.
    await vi.advanceTimersByTimeAsync(200);
    expect(published).toHaveLength(4);
    changes.changed(SALE);
    expect(published).toHaveLength(5);
  });

  it('publishes what it holds when it closes, so a change announced just before the end is not lost', async () => {
    const { transport, published } = recordingTransport();
    const changes = new SharedCatalogueChanges(transport, () => {}, 50);
    changes.changed({ kind: 'rate' });
    changes.changed({ kind: 'rate' });
    changes.changed({ kind: 'content' });
    await changes.close();
    expect(published).toEqual([{ kind: 'rate' }, { kind: 'content' }, { kind: 'rate' }]);
    await vi.advanceTimersByTimeAsync(200);
    expect(published).toHaveLength(3);
  });
});
