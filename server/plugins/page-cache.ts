import { COUNTED_TABLES, type CountedTable, type VersionedCache } from '../services/reference-versions.ts'

/** Pages also change with time (new works, new sign-ups): a rendered page is reused at most this long. */
export const PAGE_CACHE_MS = 30_000
const PAGE_CACHE_ENTRIES = 300

/**
 * The rendered pages of this instance (README "The page cache"), kept PAGE_CACHE_MS each, the least
 * recently asked for dropped first. Emptied on every instance when a table every page or a published
 * result shows is written (the menu, partners, dictionaries, regions, result publications): the
 * ReferenceWatcher hears it through PostgreSQL NOTIFY, or within a second on SQLite. A render begun
 * before the change is not kept: it may hold what the change replaced.
 */
export class PageCache<T> implements VersionedCache {
  readonly tables: readonly CountedTable[] = COUNTED_TABLES
  private readonly entries = new Map<string, { expires: number; value: T }>()
  private generation = 0

  /** Taken before a render begins, and handed back to `put` with what it rendered. */
  get currentGeneration(): number {
    return this.generation
  }

  get(key: string, now = Date.now()): T | undefined {
    const hit = this.entries.get(key)
    if (!hit || hit.expires <= now) return undefined
    // Least recently used goes first: a page still asked for stays while new addresses arrive.
    this.remember(key, hit)
    return hit.value
  }

  /** Keeps `value` unless the cache was emptied since `generation` was taken. */
  put(key: string, value: T, generation: number, now = Date.now()): void {
    if (generation !== this.generation) return
    this.remember(key, { expires: now + PAGE_CACHE_MS, value })
  }

  async reload(): Promise<void> {
    this.generation++
    this.entries.clear()
  }

  private remember(key: string, entry: { expires: number; value: T }): void {
    remember(this.entries, key, entry, PAGE_CACHE_ENTRIES)
  }
}

/** Sets a key in an insertion-ordered map kept to `max` entries (the oldest goes first). */
export function remember<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key)
  if (map.size >= max) map.delete(map.keys().next().value as K)
  map.set(key, value)
}
