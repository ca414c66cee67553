import { EventEmitter } from 'node:events';

/**
 * What changed in the public catalogue: a work or artist edited, an appraisal recorded, an exchange rate moved, parts
 * reserved, sold or released. Public reads kept in memory (catalogue lists and details, ticker, home figures,
 * artists) listen to these and drop what the change makes stale (issue 16).
 */
export type CatalogueChange =
  | { kind: 'work'; paintingId: string }
  | { kind: 'artist'; artistId: string }
  | { kind: 'valuation'; paintingId: string }
  | { kind: 'rate' }
  | { kind: 'sale'; paintingId: string }
  | { kind: 'content' };

/**
 * Where changes are announced, after their transaction has committed (announcing before would let a reader cache
 * the old row again). This process's listeners are told at once; other processes are told by the transport the
 * configuration picks.
 */
export interface CatalogueChanges {
  changed(change: CatalogueChange): void;
  /** Returns the function that stops listening. */
  onChange(listener: (change: CatalogueChange) => void): () => void;
}

/** One process's changes, told to its own listeners. */
export class LocalCatalogueChanges implements CatalogueChanges {
  private readonly events = new EventEmitter().setMaxListeners(0);

  changed(change: CatalogueChange): void {
    this.events.emit('change', change);
  }

  onChange(listener: (change: CatalogueChange) => void): () => void {
    this.events.on('change', listener);
    return () => this.events.off('change', listener);
  }
}
