import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { businessToday } from '../../business-day.ts';
import { type CatalogChanges, SEARCH_PRODUCTS_CHANNEL } from '../../db/change-feed.ts';
import type { Tx } from '../../db/client.ts';
import { shopNamesAndListing } from '../shops/index.ts';
import { CANDIDATES_PER_SOURCE, searchWords } from './search-ranking.ts';
import type { Spell } from './spelling.ts';
import { similarityOf, trigrams } from './spelling-index.ts';

/**
 * Each server's search index in memory (decision 067): what ranking needs of every listed product, built from
 * PostgreSQL at start and kept in step by the change feed, answering a search's ranked ids exactly as the SQL of
 * search-ranking.ts would (the postings walk, the bounded sources, the score in float4), or `undefined` when it
 * cannot be sure to (then the SQL answers): a word neither a term nor corrected, a word that is not one lexeme (a
 * stop word), a shop name close to the text, tied categories. One choice is its own: of more than 100 products
 * found only by their details, the 100 most popular (the SQL takes the first 100 its plan meets).
 * The cards of the page are read live by id (list-products.ts), so an index a moment behind can rank a just-edited
 * product by its old words but never show an old price or an unlisted product.
 *
 * Products are held in typed arrays by slot (no object per product: the collector marks every object of the heap in
 * each major cycle); each slot's words and trigrams sit in one growing arena of numbers.
 */

const WALKED_PER_TERM = 1000;
/**
 * The numbers all kept offered prefixes hold at most (each up to WALKED_PER_TERM slots with their signatures and name
 * lexemes, about 28 KB): 16 MiB.
 */
const PREFIX_NUMBERS_KEPT = 4 * 2 ** 20;
const COMPOUND_MIN_LENGTH = 4;
const COMPOUNDS = 3;
const CLOSE_CATEGORIES = 2;
/** pg_trgm's word_similarity_threshold, the `<%` operator's bound. */
const WORD_SIMILARITY_THRESHOLD = 0.6;
/** pg_trgm's similarity_threshold, the `%` operator's bound. */
const SIMILARITY_THRESHOLD = 0.3;
/** Dictionaries up to this many terms are scanned for a word the spelling index does not correct. */
const CLOSEST_SCAN_AT_MOST = 20_000;
/** Texts whose closeness to the shops' names is kept, at most. */
const SHOP_MATCHES_KEPT = 10_000;
/** Rows read from PostgreSQL a statement, by id. */
const BATCH = 10_000;
/** Announced products re-read by id one at a time up to this many; more, and the whole index is built again. */
const REREAD_AT_MOST = 20_000;
/** Stems of words that are not terms, kept per process up to this many (then forgotten all at once). */
const STEMS_KEPT = 50_000;
/** ts_rank's default weights of D, C, B, A, as float4. */
const WEIGHTS: Record<string, number> = {
  A: 1,
  B: Math.fround(0.4),
  C: Math.fround(0.2),
  D: Math.fround(0.1),
};

const f = Math.fround;
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** pg_trgm's trigrams of a text, in order: each word of letters and digits, lower case, padded "  word ". */
export function trigramList(text: string): string[] {
  const found: string[] = [];
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const padded = `  ${word} `;
    for (let at = 0; at + 3 <= padded.length; at++) found.push(padded.slice(at, at + 3));
  }
  return found;
}

/** The head noun of a name, as nameCloseness takes it: the last word before any note in brackets. */
export const headNoun = (name: string) => name.split(' (')[0].split(' ').at(-1) ?? '';

/** A business day as a number (20261129) for comparing expiry days. */
const dayNumber = (day: string) => Number(day.replaceAll('-', ''));

/** ts_rank's calc_rank_or share of one lexeme of a document, from its positions' weights in order (float4). */
function lexemeShare(weights: string): number {
  let resj = 0;
  let wjm = -1;
  let jm = 0;
  for (let j = 0; j < weights.length; j++) {
    const w = WEIGHTS[weights[j]] ?? WEIGHTS.D;
    resj = f(resj + f(w / ((j + 1) * (j + 1))));
    if (w > wjm) {
      wjm = w;
      jm = j;
    }
  }
  return f(f(wjm + resj) - f(wjm / ((jm + 1) * (jm + 1))));
}

/**
 * The bit of a lexeme (by number) in a slot's name signature: a product whose signature has none of a word's bits
 * holds none of its alternatives, so the exact check of its name in the arena (a cache miss) is skipped.
 */
const nameBit = (lexemeId: number) => 1 << (Math.imul(lexemeId, 0x9e3779b1) >>> 27);

/** A uuid's 16 bytes as four unsigned numbers, compared as PostgreSQL compares uuids (memcmp). */
const uuidWords = (id: string): number[] => {
  const hex = id.replaceAll('-', '');
  return [0, 8, 16, 24].map((at) => Number.parseInt(hex.slice(at, at + 8), 16));
};

/** Growable typed arrays, one value per slot. */
class Column<T extends Int32Array | Float64Array | Uint32Array | Float32Array | Uint8Array> {
  data: T;
  private readonly make: (n: number) => T;
  constructor(data: T, make: (n: number) => T) {
    this.data = data;
    this.make = make;
  }
  trim(size: number) {
    if (size < this.data.length) this.data = this.data.slice(0, size) as T;
  }
  ensure(size: number) {
    if (size <= this.data.length) return;
    const grown = this.make(Math.max(size, this.data.length * 2, 1024));
    grown.set(this.data as never);
    this.data = grown;
  }
}
const ints = (n = 0) => new Column(new Int32Array(n), (m) => new Int32Array(m));
const doubles = (n = 0) => new Column(new Float64Array(n), (m) => new Float64Array(m));

type ProductRowRead = {
  id: string;
  name: string;
  vendor_id: string;
  category: string;
  price_cents: number;
  popularity: number;
  labels: number;
  allergens: number;
  origin_latitude: number | null;
  origin_longitude: number | null;
  expires_on: string;
  listed: boolean;
  /** search_vector as text: 'lexeme':1A,4B … */
  vector: string;
};

/** A tsvector's text: each lexeme (quotes doubled inside) with its positions' weights in order (none written: D). */
function parseVector(text: string): { lexemes: string[]; weights: string[] } {
  const lexemes: string[] = [];
  const weights: string[] = [];
  for (const [, quoted, positions] of text.matchAll(/'((?:[^']|'')*)'(?::([0-9A-D,]+))?/g)) {
    lexemes.push(quoted.replaceAll("''", "'").replaceAll('\\\\', '\\'));
    weights.push(
      positions
        ? positions
            .split(',')
            .map((p) => (/[A-C]$/.test(p) ? p.at(-1) : 'D'))
            .join('')
        : 'D',
    );
  }
  return { lexemes, weights };
}

/** What ranking reads of products, by id order (batches of BATCH), or of the given ids. */
async function readProducts(db: Tx, after: string | undefined, ids?: string[]): Promise<ProductRowRead[]> {
  const where = ids
    ? sql`p.id = ANY(${sql.param(ids)}::uuid[])`
    : sql`p.listed AND p.id > ${after ?? '00000000-0000-0000-0000-000000000000'}::uuid`;
  const { rows } = await db.execute(sql`
    SELECT p.id, p.name, p.vendor_id, p.category, p.price_cents, p.popularity, p.labels, p.allergens,
      p.origin_latitude, p.origin_longitude, p.expires_on::text AS expires_on, p.listed, p.search_vector::text AS vector
    FROM products p
    WHERE ${where}
    ORDER BY p.id ${ids ? sql`` : sql`LIMIT ${BATCH}`}`);
  return rows as ProductRowRead[];
}

/**
 * A term's first offered slots, each with its name's signature and its name's lexemes (`names`: each slot's count,
 * then its lexeme ids, in the list's order), read in order by a search instead of each slot's place in the arena
 * (SearchIndex.offeredPrefix).
 */
type OfferedPrefix = { list: Int32Array; bits: Int32Array; names: Int32Array };

/** One search's ranked candidates, or undefined when the SQL must answer it. */
export type IndexedSearch = {
  ranked: { id: () => string; score: number }[];
  total: number;
  capped: boolean;
  /** More products held the words in their details than the source takes: the 100 most popular were taken. */
  describedByPopularity: boolean;
};

/** Which slots the search under way has met: a stamp per search instead of clearing a mark per slot. */
class SlotMarks {
  private marks = new Int32Array(0);
  private stamp = 0;
  /** A new search over `size` slots, none met yet. */
  start(size: number): this {
    if (this.marks.length < size || this.stamp === 0x7fffffff) {
      this.marks = new Int32Array(Math.max(size * 2, 1024));
      this.stamp = 0;
    }
    this.stamp++;
    return this;
  }
  /** Marks slot n met: false when it already was. */
  meet(n: number): boolean {
    if (this.marks[n] === this.stamp) return false;
    this.marks[n] = this.stamp;
    return true;
  }
}

/** A ranked candidate: its slot, score, and id read when asked (most are never on a page). */
class RankedSlot {
  readonly n: number;
  readonly score: number;
  private readonly index: SearchIndex;
  constructor(index: SearchIndex, n: number, score: number) {
    this.index = index;
    this.n = n;
    this.score = score;
  }
  id(): string {
    return this.index.idOf(this.n);
  }
}

export class SearchIndex {
  size = 0;
  private readonly uuid = new Column(new Uint32Array(0), (m) => new Uint32Array(m));
  private readonly popularity = ints();
  private readonly price = ints();
  private readonly labels = ints();
  private readonly allergens = ints();
  private readonly latitude = doubles();
  private readonly longitude = doubles();
  private readonly expires = ints();
  private readonly vendor = ints();
  private readonly category = ints();
  private readonly at = ints();
  private readonly live = new Column(new Uint8Array(0), (m) => new Uint8Array(m));
  /** Per slot, the nameBit of each of its name lexemes, or-ed. */
  private readonly nameBits = ints();
  /**
   * 1 for each slot offered on `offeredDay` (listed, not expired, its shop listed): one byte read per posting walked
   * instead of four columns. Kept by write and apply; worked out again for a new day or after the shops are read.
   */
  private readonly offeredSlots = new Column(new Uint8Array(0), (m) => new Uint8Array(m));
  private offeredDay = -1;
  /** Slots in id order up to `sorted`; those added after the build are found through `added`. */
  private sorted = 0;
  private readonly added = new Map<string, number>();
  /** Per slot at `at[n]`: name lexemes, all lexemes, name trigrams, head trigrams (counts, then the numbers). */
  private arena = new Int32Array(1 << 16);
  private arenaShares = new Float32Array(this.arena.buffer);
  private arenaUsed = 0;
  private arenaLive = 0;
  readonly lexemes: string[] = [];
  readonly lexemeIds = new Map<string, number>();
  private readonly trigramIds = new Map<string, number>();
  /** Each lexeme's products (name lexemes without digits), in walking order: popularity, then id. */
  private readonly postings = new Map<number, Int32Array>();
  /** Each lexeme's products by name or details (the `described` source), in no order. */
  private readonly holders = new Map<number, Int32Array>();
  private readonly byCategory = new Map<number, Int32Array>();
  readonly vendors: string[] = [];
  private readonly vendorIds = new Map<string, number>();
  /** 1 for each vendor (by number) whose shop is not listed. */
  private vendorUnlisted = new Uint8Array(0);
  private shops: { name: string; lower: string; trigrams: Int32Array }[] = [];
  /** Whether a text names a shop closely, per text (forgotten when the shops are read again). */
  private readonly shopMatches = new Map<string, boolean>();
  /**
   * Per term, the first WALKED_PER_TERM offered slots of its postings with their name signatures: all a search walks,
   * read in order. Made when a search first needs them; forgotten whenever a slot's offered flag or a posting list may
   * have changed (a product written, the day or the shops' listing).
   */
  private readonly offeredPrefixes = new Map<number, OfferedPrefix>();
  private offeredPrefixNumbers = 0;
  /** Scratch: the slots a search has taken as candidates, and those it has found by their details. */
  private readonly taken = new SlotMarks();
  private readonly seen = new SlotMarks();
  /** Scratch: the words (bits) each lexeme stands for in the search under way, zero between searches. */
  private wordMarks = new Int32Array(0);
  readonly categories: string[] = [];
  private readonly categoryIds = new Map<string, number>();
  private categoryLabels: Int32Array[] = [];
  private categoryLabelText: string[] = [];
  /** Terms sorted by bytes, and reversed, for compounds; each term's and known word's lexemes. */
  private terms: string[] = [];
  private reversedTerms: string[] = [];
  private readonly termLexemes = new Map<string, string[]>();
  /** Each term's trigrams, once closestTerm has compared a word with it. */
  private readonly termTrigrams = new Map<string, Set<string>>();
  private stems = new Map<string, string[]>();
  // Scratch marks for trigram similarity, one stamp per text compared.
  private mark = new Int32Array(0);
  private lastpos = new Int32Array(0);
  private lastStamp = new Int32Array(0);
  private queryStamp = 0;
  private nameStamp = 0;
  private ulen1 = 0;

  private readonly timeZone: string;
  constructor(timeZone: string) {
    this.timeZone = timeZone;
  }

  /** Reads everything from PostgreSQL: products in batches by id, shops, categories and the dictionary. */
  static async build(db: Tx, timeZone: string): Promise<SearchIndex> {
    const index = new SearchIndex(timeZone);
    await index.readShops(db);
    const { rows: categories } = await db.execute(sql`SELECT value, label FROM categories ORDER BY value`);
    for (const { value, label } of categories as { value: string; label: string }[]) {
      index.categoryLabelText[index.categories.length] = label;
      index.categoryIdOf(value);
    }
    const { rows: terms } = await db.execute(sql`
      SELECT term, tsvector_to_array(to_tsvector('english', term)) AS lexemes FROM search_terms`);
    for (const { term, lexemes } of terms as { term: string; lexemes: string[] }[])
      index.termLexemes.set(term, lexemes);
    index.terms = [...index.termLexemes.keys()].sort(byText);
    index.reversedTerms = index.terms.map(reverse).sort(byText);
    let after: string | undefined;
    for (;;) {
      const rows = await readProducts(db, after);
      for (const row of rows) index.write(index.size++, row);
      if (rows.length < BATCH) break;
      after = rows[rows.length - 1].id;
    }
    index.sorted = index.size;
    index.sortAll();
    // The arena and the columns grew by doubling: what they hold is kept, the room left over given back.
    index.compact(index.arenaLive);
    for (const column of index.columns()) column.trim(column === index.uuid ? index.size * 4 : index.size);
    return index;
  }

  private async readShops(db: Tx) {
    const unlisted = new Set<number>();
    const shops: typeof this.shops = [];
    for (const row of await shopNamesAndListing(db)) {
      if (!row.listed) unlisted.add(this.vendorIdOf(row.vendorId));
      shops.push({ name: row.name, lower: row.name.toLowerCase(), trigrams: this.trigramsOf(row.name) });
    }
    const flags = new Uint8Array(Math.max(this.vendors.length, 1) * 2);
    for (const n of unlisted) flags[n] = 1;
    this.vendorUnlisted = flags;
    this.offeredDay = -1;
    this.shopMatches.clear();
    this.shops = shops;
  }

  private vendorIdOf(id: string): number {
    let n = this.vendorIds.get(id);
    if (n === undefined) {
      n = this.vendors.push(id) - 1;
      this.vendorIds.set(id, n);
    }
    return n;
  }

  private categoryIdOf(value: string): number {
    let n = this.categoryIds.get(value);
    if (n === undefined) {
      n = this.categories.push(value) - 1;
      this.categoryIds.set(value, n);
      this.categoryLabels[n] = this.trigramsOf(this.categoryLabelText[n] ?? '');
    }
    return n;
  }

  private lexemeIdOf(lexeme: string): number {
    let n = this.lexemeIds.get(lexeme);
    if (n === undefined) {
      n = this.lexemes.push(lexeme) - 1;
      this.lexemeIds.set(lexeme, n);
    }
    return n;
  }

  private trigramsOf(text: string): Int32Array {
    return Int32Array.from(trigramList(text), (trigram) => {
      let n = this.trigramIds.get(trigram);
      if (n === undefined) {
        n = this.trigramIds.size;
        this.trigramIds.set(trigram, n);
      }
      return n;
    });
  }

  private reserve(words: number) {
    if (this.arenaUsed + words <= this.arena.length) return;
    const grown = new Int32Array(Math.max(this.arena.length * 2, this.arenaUsed + words));
    grown.set(this.arena.subarray(0, this.arenaUsed));
    this.arena = grown;
    this.arenaShares = new Float32Array(grown.buffer);
  }

  /** Writes a product's ranking data into slot n (its words appended to the arena). */
  private columns() {
    return [
      this.uuid,
      this.popularity,
      this.price,
      this.labels,
      this.allergens,
      this.latitude,
      this.longitude,
      this.expires,
      this.vendor,
      this.category,
      this.at,
      this.live,
      this.nameBits,
      this.offeredSlots,
    ];
  }

  private write(n: number, row: ProductRowRead) {
    const end = n + 1;
    for (const column of this.columns()) if (column !== this.uuid) column.ensure(end);
    this.uuid.ensure(end * 4);
    this.uuid.data.set(uuidWords(row.id), n * 4);
    this.popularity.data[n] = row.popularity;
    this.price.data[n] = row.price_cents;
    this.labels.data[n] = row.labels;
    this.allergens.data[n] = row.allergens;
    this.latitude.data[n] = row.origin_latitude === null ? Number.NaN : Number(row.origin_latitude);
    this.longitude.data[n] = row.origin_longitude === null ? Number.NaN : Number(row.origin_longitude);
    this.expires.data[n] = dayNumber(row.expires_on);
    this.vendor.data[n] = this.vendorIdOf(row.vendor_id);
    this.category.data[n] = this.categoryIdOf(row.category);
    this.live.data[n] = row.listed ? 1 : 0;
    this.offeredSlots.data[n] = this.offeredOn(n, this.offeredDay) ? 1 : 0;
    const { lexemes, weights } = parseVector(row.vector);
    const names: number[] = [];
    for (let i = 0; i < lexemes.length; i++) if (weights[i].includes('A')) names.push(i);
    const trigrams = this.trigramsOf(row.name);
    const head = [...new Set(this.trigramsOf(headNoun(row.name)))];
    const words = 4 + names.length + 2 * lexemes.length + trigrams.length + head.length;
    this.reserve(words);
    const at = this.arenaUsed;
    const a = this.arena;
    a[at] = names.length;
    a[at + 1] = lexemes.length;
    a[at + 2] = trigrams.length;
    a[at + 3] = head.length;
    let i = at + 4;
    let bits = 0;
    for (const k of names) {
      const id = this.lexemeIdOf(lexemes[k]);
      bits |= nameBit(id);
      a[i++] = id;
    }
    this.nameBits.data[n] = bits;
    for (let k = 0; k < lexemes.length; k++) {
      a[i++] = this.lexemeIdOf(lexemes[k]);
      this.arenaShares[i++] = lexemeShare(weights[k]);
    }
    a.set(trigrams, i);
    i += trigrams.length;
    a.set(head, i);
    this.at.data[n] = at;
    this.arenaUsed += words;
    this.arenaLive += words;
  }

  private entryWords(n: number): number {
    const a = this.arena;
    const at = this.at.data[n];
    return 4 + a[at] + 2 * a[at + 1] + a[at + 2] + a[at + 3];
  }

  /** Name lexemes of slot n (with digits too): arena positions [from, to). */
  private nameRange(n: number): [number, number] {
    const at = this.at.data[n];
    return [at + 4, at + 4 + this.arena[at]];
  }

  private allRange(n: number): [number, number] {
    const at = this.at.data[n];
    const from = at + 4 + this.arena[at];
    return [from, from + 2 * this.arena[at + 1]];
  }

  /** Popularity first, then the id's bytes: the order of search_postings_walk_idx. */
  private readonly walkOrder = (a: number, b: number) => {
    const pa = this.popularity.data[a];
    const pb = this.popularity.data[b];
    return pb - pa || this.compareIds(a, b);
  };

  private compareIds(a: number, b: number): number {
    if (a < this.sorted && b < this.sorted) return a - b;
    const u = this.uuid.data;
    for (let k = 0; k < 4; k++) {
      const d = u[a * 4 + k] - u[b * 4 + k];
      if (d !== 0) return d;
    }
    return 0;
  }

  idOf(n: number): string {
    const u = this.uuid.data;
    const [a, b, c, d] = [u[n * 4], u[n * 4 + 1], u[n * 4 + 2], u[n * 4 + 3]];
    return `${HEX[a >>> 24]}${HEX[(a >>> 16) & 255]}${HEX[(a >>> 8) & 255]}${HEX[a & 255]}-${HEX[b >>> 24]}${
      HEX[(b >>> 16) & 255]
    }-${HEX[(b >>> 8) & 255]}${HEX[b & 255]}-${HEX[c >>> 24]}${HEX[(c >>> 16) & 255]}-${HEX[(c >>> 8) & 255]}${
      HEX[c & 255]
    }${HEX[d >>> 24]}${HEX[(d >>> 16) & 255]}${HEX[(d >>> 8) & 255]}${HEX[d & 255]}`;
  }

  private slotOf(id: string): number | undefined {
    const added = this.added.get(id);
    if (added !== undefined) return added;
    const words = uuidWords(id);
    let low = 0;
    let high = this.sorted;
    while (low < high) {
      const mid = (low + high) >> 1;
      let d = 0;
      for (let k = 0; k < 4 && d === 0; k++) d = this.uuid.data[mid * 4 + k] - words[k];
      if (d === 0) return mid;
      if (d < 0) low = mid + 1;
      else high = mid;
    }
    return undefined;
  }

  /** The postings, holders and category lists of every slot, each in walking order. */
  private sortAll() {
    const postings = new Map<number, number[]>();
    const holders = new Map<number, number[]>();
    const categories = new Map<number, number[]>();
    const push = (map: Map<number, number[]>, key: number, n: number) => {
      const list = map.get(key);
      if (list) list.push(n);
      else map.set(key, [n]);
    };
    const live: number[] = [];
    for (let n = 0; n < this.size; n++) if (this.live.data[n]) live.push(n);
    for (const n of live.sort(this.walkOrder)) {
      for (const id of this.postedLexemes(n)) push(postings, id, n);
      const [from, to] = this.allRange(n);
      for (let i = from; i < to; i += 2) push(holders, this.arena[i], n);
      push(categories, this.category.data[n], n);
    }
    this.postings.clear();
    this.forgetOfferedPrefixes();
    this.holders.clear();
    this.byCategory.clear();
    for (const [id, list] of postings) this.postings.set(id, Int32Array.from(list));
    for (const [id, list] of holders) this.holders.set(id, Int32Array.from(list));
    for (const [id, list] of categories) this.byCategory.set(id, Int32Array.from(list));
  }

  /** The name lexemes of slot n that search_postings holds (no digits), distinct. */
  private postedLexemes(n: number): Set<number> {
    const found = new Set<number>();
    const [from, to] = this.nameRange(n);
    for (let i = from; i < to; i++) if (!/\d/.test(this.lexemes[this.arena[i]])) found.add(this.arena[i]);
    return found;
  }

  /** Replaces the entries of these products with their rows as read now (absent or unlisted: left out). */
  apply(ids: string[], rows: ProductRowRead[]) {
    const changed = new Set<number>();
    const postingKeys = new Set<number>();
    const holderKeys = new Set<number>();
    const categoryKeys = new Set<number>();
    const touch = (n: number) => {
      if (!this.live.data[n]) return;
      for (const id of this.postedLexemes(n)) postingKeys.add(id);
      const [from, to] = this.allRange(n);
      for (let i = from; i < to; i += 2) holderKeys.add(this.arena[i]);
      categoryKeys.add(this.category.data[n]);
    };
    const found = new Map(rows.map((row) => [row.id, row]));
    for (const id of ids) {
      const row = found.get(id);
      let n = this.slotOf(id);
      if (n === undefined && !row?.listed) continue;
      if (n !== undefined) {
        touch(n);
        this.arenaLive -= this.entryWords(n);
      } else {
        n = this.size++;
        this.added.set(id, n);
      }
      changed.add(n);
      if (row) this.write(n, row);
      else {
        this.live.data[n] = 0;
        this.offeredSlots.data[n] = 0;
      }
      touch(n);
    }
    if (changed.size === 0) return;
    this.forgetOfferedPrefixes();
    // The changed slots that belong in a list, put in their places among the others (each list in walking order).
    const merge = (list: Int32Array | undefined, keep: (n: number) => boolean) => {
      const added = [...changed].filter(keep).sort(this.walkOrder);
      const merged = new Int32Array((list?.length ?? 0) + added.length);
      let size = 0;
      let k = 0;
      for (const n of list ?? []) {
        if (changed.has(n)) continue;
        while (k < added.length && this.walkOrder(added[k], n) < 0) merged[size++] = added[k++];
        merged[size++] = n;
      }
      while (k < added.length) merged[size++] = added[k++];
      return merged.slice(0, size);
    };
    for (const id of postingKeys)
      this.postings.set(
        id,
        merge(this.postings.get(id), (n) => !!this.live.data[n] && this.postedLexemes(n).has(id)),
      );
    for (const id of holderKeys)
      this.holders.set(
        id,
        merge(this.holders.get(id), (n) => {
          if (!this.live.data[n]) return false;
          const [from, to] = this.allRange(n);
          for (let i = from; i < to; i += 2) if (this.arena[i] === id) return true;
          return false;
        }),
      );
    for (const id of categoryKeys)
      this.byCategory.set(
        id,
        merge(this.byCategory.get(id), (n) => !!this.live.data[n] && this.category.data[n] === id),
      );
    if (this.arenaUsed > 2 * this.arenaLive + (1 << 20)) this.compact();
  }

  /** Copies the live entries into a new arena of `room` words (updates leave their old entries behind). */
  private compact(room = Math.max(1 << 16, this.arenaLive * 2)) {
    const old = this.arena;
    const at = this.at.data;
    this.arena = new Int32Array(room);
    this.arenaShares = new Float32Array(this.arena.buffer);
    let used = 0;
    // The most popular first: the products searches walk and score most often sit together in memory.
    const popularity = this.popularity.data;
    const order = Int32Array.from({ length: this.size }, (_, n) => n).sort((a, b) => popularity[b] - popularity[a]);
    for (const n of order) {
      const from = at[n];
      const words = 4 + old[from] + 2 * old[from + 1] + old[from + 2] + old[from + 3];
      this.arena.set(old.subarray(from, from + words), used);
      at[n] = used;
      used += words;
    }
    this.arenaUsed = used;
    this.arenaLive = used;
  }

  /** A new word of the dictionary (its lexemes are asked for when a search needs them). */
  addTerm(term: string) {
    insertSorted(this.terms, term);
    insertSorted(this.reversedTerms, reverse(term));
  }

  /** Each word's lexemes as PostgreSQL's English configuration stems it (terms known; other words asked once). */
  async stem(db: Tx, words: string[]): Promise<Map<string, string[]>> {
    const missing = words.filter((w) => !this.termLexemes.has(w) && !this.stems.has(w));
    if (missing.length > 0) {
      const { rows } = await db.execute(sql`
        SELECT w, tsvector_to_array(to_tsvector('english', w)) AS lexemes FROM unnest(${sql.param(missing)}::text[]) AS w`);
      if (this.stems.size > STEMS_KEPT) this.stems = new Map();
      for (const { w, lexemes } of rows as { w: string; lexemes: string[] }[]) {
        this.stems.set(w, lexemes);
      }
    }
    return new Map(words.map((w) => [w, this.termLexemes.get(w) ?? this.stems.get(w) ?? []]));
  }

  /** The three shortest terms (then by bytes) longer than `start` that start with it (search-ranking's range). */
  private compounds(word: string): string[] {
    const prefixed = startingWith(this.terms, word);
    const suffixed = startingWith(this.reversedTerms, reverse(word)).map(reverse);
    const shortest = (list: string[]) =>
      list.sort((a, b) => [...a].length - [...b].length || byText(a, b)).slice(0, COMPOUNDS);
    return [...shortest(prefixed), ...shortest(suffixed)];
  }

  /** Whether slot n is offered on `day` (a dayNumber). */
  private offeredOn(n: number, day: number): boolean {
    return this.live.data[n] === 1 && this.expires.data[n] >= day && this.vendorUnlisted[this.vendor.data[n]] !== 1;
  }

  /** A term's offered prefix (offeredPrefixes), made now if it is not kept; undefined when no name holds it. */
  private offeredPrefix(id: number, offeredSlots: Uint8Array): OfferedPrefix | undefined {
    const kept = this.offeredPrefixes.get(id);
    if (kept) return kept;
    const list = this.postings.get(id);
    if (!list) return undefined;
    const nameBits = this.nameBits.data;
    const a = this.arena;
    const slots: number[] = [];
    const signatures: number[] = [];
    const names: number[] = [];
    for (let i = 0; i < list.length && slots.length < WALKED_PER_TERM; i++) {
      const n = list[i];
      if (offeredSlots[n] !== 1) continue;
      slots.push(n);
      signatures.push(nameBits[n]);
      const [from, to] = this.nameRange(n);
      names.push(to - from);
      for (let k = from; k < to; k++) names.push(a[k]);
    }
    const prefix = { list: Int32Array.from(slots), bits: Int32Array.from(signatures), names: Int32Array.from(names) };
    const numbers = 2 * slots.length + names.length;
    if (this.offeredPrefixNumbers + numbers > PREFIX_NUMBERS_KEPT) this.forgetOfferedPrefixes();
    this.offeredPrefixes.set(id, prefix);
    this.offeredPrefixNumbers += numbers;
    return prefix;
  }

  private forgetOfferedPrefixes() {
    this.offeredPrefixes.clear();
    this.offeredPrefixNumbers = 0;
  }

  /** Each slot's offeredSlots flag for `day`, worked out again when the day or the shops' listing changed. */
  private offeredSlotsOn(day: number): Uint8Array {
    if (day !== this.offeredDay) {
      const flags = this.offeredSlots.data;
      for (let n = 0; n < this.size; n++) flags[n] = this.offeredOn(n, day) ? 1 : 0;
      this.offeredDay = day;
      this.forgetOfferedPrefixes();
    }
    return this.offeredSlots.data;
  }

  private day = { at: 0, value: 0 };
  /** The business day as a number, worked out at most once a second. */
  private today(): number {
    const now = Date.now();
    if (now - this.day.at > 1000) this.day = { at: now, value: dayNumber(businessToday(this.timeZone)) };
    return this.day.value;
  }

  /**
   * A word the spelling index does not correct, as the SQL looks it up (spelledQuery): itself when it is a term, else
   * the term of the dictionary most similar to it (pg_trgm's KNN, `%` and `<->`), else itself; undefined when the
   * dictionary is too large to scan or two terms tie (the KNN's choice between them is the index's).
   */
  private closestTerm(word: string): string | undefined {
    if (this.terms.length > CLOSEST_SCAN_AT_MOST) return undefined;
    let best: string | undefined;
    let bestDistance = Number.POSITIVE_INFINITY;
    let tied = false;
    const wordTrigrams = trigrams(word);
    for (const term of this.terms) {
      if (term === word) return word;
      let termTrigrams = this.termTrigrams.get(term);
      if (!termTrigrams) {
        termTrigrams = trigrams(term);
        this.termTrigrams.set(term, termTrigrams);
      }
      const similarity = f(similarityOf(termTrigrams, wordTrigrams));
      if (similarity < SIMILARITY_THRESHOLD) continue;
      const distance = f(1 - similarity);
      if (distance < bestDistance) {
        best = term;
        bestDistance = distance;
        tied = false;
      } else if (distance === bestDistance) tied = true;
    }
    if (tied) return undefined;
    return best ?? word;
  }

  /**
   * A search's candidates ranked (best first, ties by id: all of them, or only the best `top` when a first page is
   * all that is wanted) with their count and whether a source stopped at its bound, or undefined when only the SQL
   * can answer it as the SQL does.
   */
  async search(db: Tx, q: string, spell: Spell, top = Number.POSITIVE_INFINITY): Promise<IndexedSearch | undefined> {
    const words = searchWords(q);
    const spelled = spell(words).map((s, i) => s ?? this.closestTerm(words[i]));
    if (words.length === 0 || spelled.some((s) => s === undefined)) return undefined;
    const perWord = words.map((word, i) => {
      const correction = spelled[i] === word ? undefined : (spelled[i] as string);
      const spellings = correction ? [word, correction] : [word];
      const more = word.length >= COMPOUND_MIN_LENGTH ? this.compounds(word) : [];
      return { spellings, alternatives: [...spellings, ...more], corrected: correction ?? word };
    });
    const stems = await this.stem(db, [...new Set(perWord.flatMap((w) => w.alternatives))]);
    // A word that is not one lexeme (a stop word, or several) makes a tsquery the port does not model.
    if ([...stems.values()].some((lexemes) => lexemes.length !== 1)) return undefined;
    const lexemeOf = (word: string) => (stems.get(word) as string[])[0];
    const idOf = (lexeme: string) => this.lexemeIds.get(lexeme) ?? -1;
    const perWordIds = perWord.map((w) => [...new Set(w.alternatives.map(lexemeOf))].map(idOf));
    const terms = [...new Set(perWord.flatMap((w) => w.alternatives.map(lexemeOf)))].sort(byText);
    const asSpelled = [...new Set(perWord.flatMap((w) => w.spellings.map(lexemeOf)))].sort(byText).map(idOf);
    const corrected = perWord.map((w) => w.corrected).join(' ');
    const lower = q.toLowerCase();

    this.query(q);
    let shopMatch = this.shopMatches.get(q);
    if (shopMatch === undefined) {
      shopMatch = this.shops.some(
        (shop) =>
          shop.lower.includes(lower) ||
          this.wordSimilarityOf(shop.trigrams, 0, shop.trigrams.length) >= WORD_SIMILARITY_THRESHOLD,
      );
      if (this.shopMatches.size >= SHOP_MATCHES_KEPT) this.shopMatches.clear();
      this.shopMatches.set(q, shopMatch);
    }
    if (shopMatch) return undefined; // a close shop: its share and its newest products are the SQL's
    const offeredSlots = this.offeredSlotsOn(this.today());
    const offered = (n: number) => offeredSlots[n] === 1;
    // Whether product n's name holds, for every word, one of its alternatives (name_terms @@ all_words): each
    // alternative's lexeme marks the words it stands for, as bits (at most six words).
    if (this.wordMarks.length < this.lexemes.length) this.wordMarks = new Int32Array(this.lexemes.length * 2);
    const marks = this.wordMarks;
    const marked = perWordIds.flat().filter((id) => id >= 0);
    perWordIds.forEach((ids, word) => {
      for (const id of ids) if (id >= 0) marks[id] |= 1 << word;
    });
    const everyWord = (1 << perWordIds.length) - 1;
    const wordBits = perWordIds.map((ids) => ids.reduce((bits, id) => (id >= 0 ? bits | nameBit(id) : bits), 0));
    // Whether the name at names[from] (its count, then its lexemes) holds every word.
    const holdsEvery = (names: Int32Array, from: number, bits: number) => {
      for (const wordBit of wordBits) if ((bits & wordBit) === 0) return false;
      let held = 0;
      for (let i = from + 1; i <= from + names[from]; i++) held |= marks[names[i]];
      return held === everyWord;
    };

    // Each candidate once, in the order taken (the ranking's order does not depend on it).
    const taken = this.taken.start(this.size);
    const candidates: number[] = [];
    const take = (n: number) => {
      if (taken.meet(n)) candidates.push(n);
    };
    const every: number[] = [];
    const prefixes = terms.flatMap((term) => this.offeredPrefix(idOf(term), offeredSlots) ?? []);
    walk: for (const { list, bits, names } of prefixes) {
      for (let i = 0, from = 0; i < list.length; from += names[from] + 1, i++) {
        if (holdsEvery(names, from, bits[i])) every.push(list[i]);
        if (every.length === CANDIDATES_PER_SOURCE) break walk;
      }
    }
    for (const id of marked) marks[id] = 0;
    for (const n of every) take(n);
    const any: number[] = [];
    if (candidates.length < CANDIDATES_PER_SOURCE) {
      // The first offered postings of every term merged in walking order, up to 100 (and 100 of each term).
      const lists = prefixes.map((prefix) => prefix.list);
      walkMerged(lists, this.walkOrder, CANDIDATES_PER_SOURCE, (n) => any.push(n) === CANDIDATES_PER_SOURCE);
    }
    for (const n of any) take(n);
    let described = 0;
    let describedByPopularity = false;
    if (candidates.length < CANDIDATES_PER_SOURCE) {
      // The offered products whose details hold a term, merged in walking order (each list is in it) up to one past
      // the source's LIMIT. More than it: PostgreSQL takes the first 100 its plan meets (in the table's order, which
      // the index cannot know), the index the 100 most popular (decision 067's one difference; both say "100+").
      const seen = this.seen.start(this.size);
      const holders: number[] = [];
      const lists = terms.flatMap((term) => this.holders.get(idOf(term)) ?? []);
      walkMerged(
        lists,
        this.walkOrder,
        Number.POSITIVE_INFINITY,
        (n) => offered(n) && seen.meet(n) && holders.push(n) > CANDIDATES_PER_SOURCE,
      );
      if (holders.length > CANDIDATES_PER_SOURCE) {
        holders.length = CANDIDATES_PER_SOURCE;
        describedByPopularity = true;
      }
      described = holders.length;
      for (const n of holders) take(n);
    }
    // The two closest categories' most popular products, by the text as typed or corrected.
    const categoryCloseness = this.categories.map((_, c) => this.labelSimilarity(c));
    this.query(corrected);
    const correctedCloseness = this.categories.map((_, c) => this.labelSimilarity(c));
    this.query(q);
    const close = this.categories
      .map((_, c) => ({ c, s: Math.max(categoryCloseness[c], correctedCloseness[c]) }))
      .filter(({ s }) => s >= WORD_SIMILARITY_THRESHOLD)
      .sort((x, y) => y.s - x.s);
    if (close.length > CLOSE_CATEGORIES && close[CLOSE_CATEGORIES - 1].s === close[CLOSE_CATEGORIES].s)
      return undefined;
    for (const { c } of close.slice(0, CLOSE_CATEGORIES)) {
      let taken = 0;
      for (const n of this.byCategory.get(c) ?? []) {
        if (taken === CANDIDATES_PER_SOURCE / CLOSE_CATEGORIES) break;
        if (!offered(n)) continue;
        take(n);
        taken++;
      }
    }

    const better = (x: RankedSlot, y: RankedSlot) => y.score - x.score || this.compareIds(x.n, y.n);
    const ranked: RankedSlot[] = [];
    for (const n of candidates) {
      // Once `top` are kept, one that cannot beat the last of them is not worth its word similarity.
      const atLeast = ranked.length === top ? ranked[top - 1].score : Number.NEGATIVE_INFINITY;
      const score = this.score(n, asSpelled, categoryCloseness, atLeast);
      if (score < atLeast) continue;
      const slot = new RankedSlot(this, n, score);
      if (ranked.length < top) {
        ranked.push(slot);
        if (ranked.length === top) ranked.sort(better);
      } else if (better(slot, ranked[top - 1]) < 0) {
        // Only the best `top` are kept, in order: this one takes its place among them and the last one goes.
        let at = top - 1;
        while (at > 0 && better(slot, ranked[at - 1]) < 0) {
          ranked[at] = ranked[at - 1];
          at--;
        }
        ranked[at] = slot;
      }
    }
    if (ranked.length < top) ranked.sort(better);
    return {
      ranked,
      total: candidates.length,
      capped:
        every.length >= CANDIDATES_PER_SOURCE ||
        any.length >= CANDIDATES_PER_SOURCE ||
        described >= CANDIDATES_PER_SOURCE,
      describedByPopularity,
    };
  }

  /**
   * relevanceScore: ts_rank of the words as spelled (calc_rank_or in float4) plus the name's closeness plus 0.3 × the
   * category's closeness, added in float8 as PostgreSQL adds them. -Infinity, without its word similarity worked
   * out, when it is sure to be below `atLeast`.
   */
  private score(n: number, asSpelled: number[], categoryCloseness: number[], atLeast: number): number {
    let res = 0;
    const a = this.arena;
    const start = this.at.data[n];
    const from = start + 4 + a[start];
    const to = from + 2 * a[start + 1];
    for (const id of asSpelled) {
      if (id < 0) continue;
      for (let i = from; i < to; i += 2) {
        if (a[i] !== id) continue;
        res = f(res + this.arenaShares[i + 1] / 1.64493406685);
        break;
      }
    }
    const rank = asSpelled.length > 0 ? f(res / asSpelled.length) : 0;
    const trigrams = to; // the name's trigrams, then its head noun's (write's layout)
    const heads = trigrams + a[start + 2];
    const head = this.headSimilarity(heads, heads + a[start + 3]);
    const category = 0.3 * categoryCloseness[this.category.data[n]];
    if (atLeast > Number.NEGATIVE_INFINITY) {
      // The word similarity is at most the share of the text's trigrams that the name holds (and at most 1).
      let held = 0;
      for (let i = trigrams; i < heads; i++) if (this.mark[a[i]] === this.queryStamp) held++;
      const most = this.ulen1 === 0 ? 0 : Math.min(1, held / this.ulen1);
      if (rank + most + 0.5 * head + category + 1e-6 < atLeast) return Number.NEGATIVE_INFINITY;
    }
    // PostgreSQL takes 0.5 × real as float8, so from there on the sum is in float8.
    const closeness = this.wordSimilarityOf(a, trigrams, a[start + 2]) + 0.5 * head;
    return rank + closeness + category;
  }

  /** Marks the text's distinct trigrams for the similarity functions below. */
  private query(text: string) {
    if (this.mark.length < this.trigramIds.size + 64) {
      const size = (this.trigramIds.size + 64) * 2;
      this.mark = new Int32Array(size);
      this.lastpos = new Int32Array(size);
      this.lastStamp = new Int32Array(size);
    }
    this.queryStamp++;
    const distinct = new Set(trigramList(text));
    this.ulen1 = distinct.size;
    for (const trigram of distinct) {
      const id = this.trigramIds.get(trigram);
      if (id !== undefined) this.mark[id] = this.queryStamp;
    }
  }

  private labelSimilarity(c: number): number {
    const trigrams = this.categoryLabels[c];
    return this.wordSimilarityOf(trigrams, 0, trigrams.length);
  }

  /** similarity(text, a product's head noun: its trigrams at arena[from…to]). */
  private headSimilarity(from: number, to: number): number {
    if (this.ulen1 === 0 || to === from) return 0;
    let shared = 0;
    for (let i = from; i < to; i++) if (this.mark[this.arena[i]] === this.queryStamp) shared++;
    return f(shared / (this.ulen1 + (to - from) - shared));
  }

  /**
   * word_similarity(text, list[at…at+length]) as iterate_word_similarity in pg_trgm's trgm_op.c: the list's trigrams
   * in order; at each the text has, the run ends there and its start moves forward while that raises the
   * similarity (float4). Greedy, as PostgreSQL's.
   */
  private wordSimilarityOf(list: Int32Array, at: number, length: number): number {
    this.nameStamp++;
    // Written without helper closures: this runs for every candidate of every search, and each closure is an object.
    const { mark, lastpos, lastStamp, queryStamp, nameStamp, ulen1 } = this;
    let ulen2 = 0;
    let count = 0;
    let lower = -1;
    let best = 0;
    for (let i = 0; i < length; i++) {
      const t = list[at + i];
      const found = mark[t] === queryStamp;
      if (lower >= 0 || found) {
        if (lastStamp[t] !== nameStamp || lastpos[t] < 0) {
          ulen2++;
          if (found) count++;
        }
        lastStamp[t] = nameStamp;
        lastpos[t] = i;
      }
      if (!found) continue;
      if (lower === -1) {
        lower = i;
        ulen2 = 1;
      }
      let current = f(count / (ulen1 + ulen2 - count));
      let tmpCount = count;
      let tmpUlen2 = ulen2;
      const previousLower = lower;
      for (let tmpLower = lower; tmpLower <= i; tmpLower++) {
        const tried = f(tmpCount / (ulen1 + tmpUlen2 - tmpCount));
        if (tried > current) {
          current = tried;
          ulen2 = tmpUlen2;
          lower = tmpLower;
          count = tmpCount;
        }
        const u = list[at + tmpLower];
        if (lastStamp[u] === nameStamp && lastpos[u] === tmpLower) {
          tmpUlen2--;
          if (mark[u] === queryStamp) tmpCount--;
        }
      }
      best = Math.max(best, current);
      for (let tmpLower = previousLower; tmpLower < lower; tmpLower++) {
        const u = list[at + tmpLower];
        if (lastStamp[u] === nameStamp && lastpos[u] === tmpLower) lastpos[u] = -1;
      }
    }
    return best;
  }

  /** Memory the index holds in typed arrays (bytes). */
  bytes(): number {
    let total = this.arena.byteLength + this.uuid.data.byteLength;
    for (const list of [this.postings, this.holders, this.byCategory])
      for (const l of list.values()) total += l.byteLength;
    return total;
  }

  /** Re-reads the shops (a name or a listing changed). */
  refreshShops(db: Tx) {
    return this.readShops(db);
  }
}

const reverse = (text: string) => [...text].reverse().join('');

/**
 * Visits the items of `lists` (each in `order`) merged in `order`, at most `perList` of each, until `visit` answers
 * true (or all are visited).
 */
function walkMerged(
  lists: ArrayLike<number>[],
  order: (a: number, b: number) => number,
  perList: number,
  visit: (n: number) => boolean,
): void {
  const next = lists.map(() => 0);
  const end = lists.map((list) => Math.min(list.length, perList));
  for (;;) {
    let best = -1;
    for (let k = 0; k < lists.length; k++) {
      if (next[k] < end[k] && (best < 0 || order(lists[k][next[k]], lists[best][next[best]]) < 0)) best = k;
    }
    if (best < 0 || visit(lists[best][next[best]++])) return;
  }
}

function insertSorted(list: string[], text: string) {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (list[mid] < text) low = mid + 1;
    else high = mid;
  }
  if (list[low] !== text) list.splice(low, 0, text);
}

/** Entries of a sorted list longer than `start` that start with it. */
function startingWith(sorted: string[], start: string): string[] {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (sorted[mid] <= start) low = mid + 1;
    else high = mid;
  }
  const found: string[] = [];
  for (let i = low; i < sorted.length && sorted[i].startsWith(start); i++) found.push(sorted[i]);
  return found;
}

/** The index of a running server: built in the background, kept in step, rebuilt after the feed reconnects. */
export type LiveSearchIndex = {
  /** The index, once built (undefined while warming: searches go to the SQL). */
  current(): SearchIndex | undefined;
  /** Settles when the first build has finished (or failed). */
  built: Promise<void>;
  /** Settles once every change committed before the call is in the index (a marker sent through the channel). */
  caughtUp(): Promise<void>;
};

/** Each database's live index, for health to tell whether it is still warming. */
const running = new WeakMap<object, LiveSearchIndex>();

/** Settles once this process's index for `db` holds every change committed before the call (tests). */
export const searchIndexCaughtUp = async (db: object): Promise<void> => {
  await running.get(db)?.caughtUp();
};

/** Whether this process's search index for `db` is still being built (health says "warming"). */
export const searchIndexWarming = (db: object): boolean => {
  const live = running.get(db);
  return live !== undefined && live.current() === undefined;
};

export function liveSearchIndex(
  db: Tx,
  changes: CatalogChanges,
  timeZone: string,
  log?: { error: (o: object, m: string) => void },
): LiveSearchIndex {
  let index: SearchIndex | undefined;
  let building: Promise<void> | undefined;
  /** Ids announced while a build runs, applied to its result afterwards. */
  let announcedDuringBuild: string[] | undefined;
  let pending = new Set<string>();
  let shopsChanged = false;
  let flushing: Promise<void> | undefined;
  let rebuildAgain = false;

  const rebuild = (): Promise<void> => {
    if (building) {
      rebuildAgain = true;
      return building;
    }
    announcedDuringBuild = [];
    building = (async () => {
      try {
        const built = await SearchIndex.build(db, timeZone);
        const missed = announcedDuringBuild ?? [];
        announcedDuringBuild = undefined;
        if (missed.length > 0) built.apply(missed, await readProducts(db, undefined, [...new Set(missed)]));
        index = built;
      } catch (error) {
        log?.error({ err: error }, 'Building the search index failed: searches are answered by the database');
      } finally {
        announcedDuringBuild = undefined;
        building = undefined;
        if (rebuildAgain) {
          rebuildAgain = false;
          void rebuild();
        }
      }
    })();
    return building;
  };

  const flush = async () => {
    while (pending.size > 0 || shopsChanged) {
      const ids = [...pending];
      pending = new Set();
      const shops = shopsChanged;
      shopsChanged = false;
      const target = index;
      if (!target) continue;
      try {
        if (shops) await target.refreshShops(db);
        for (let at = 0; at < ids.length; at += BATCH) {
          const batch = ids.slice(at, at + BATCH);
          target.apply(batch, await readProducts(db, undefined, batch));
        }
      } catch (error) {
        log?.error({ err: error }, 'Updating the search index failed: it is built again');
        void rebuild();
      }
    }
  };

  const built = rebuild();
  const markers = new Map<string, () => void>();
  changes.subscribeSearchProducts((payload) => {
    if (payload?.startsWith('marker:')) {
      markers.get(payload)?.();
      return;
    }
    if (payload === undefined || payload === '*') {
      // Reconnected (announcements may have been missed), or a bulk insert: everything is read again.
      void rebuild();
      return;
    }
    if (payload === 'shops') shopsChanged = true;
    else {
      const ids = payload.split(',');
      announcedDuringBuild?.push(...ids);
      for (const id of ids) pending.add(id);
      if (pending.size > REREAD_AT_MOST) {
        pending = new Set();
        void rebuild();
        return;
      }
    }
    if (!index) {
      pending.clear(); // the build under way reads them (or applies them after its snapshot)
      return;
    }
    if (!flushing)
      flushing = flush().finally(() => {
        flushing = undefined;
      });
  });
  changes.subscribeTerms((term) => {
    if (term !== undefined) index?.addTerm(term);
  });
  const caughtUp = async () => {
    const marker = `marker:${randomUUID()}`;
    const heard = new Promise<void>((resolve) => markers.set(marker, resolve));
    await db.execute(sql`SELECT pg_notify(${SEARCH_PRODUCTS_CHANNEL}, ${marker})`);
    await heard;
    markers.delete(marker);
    // Announcements arrive in commit order: all before the marker are pending, flushing or in a build by now.
    while (building || flushing) await (building ?? flushing);
  };
  const live = { current: () => index, built, caughtUp };
  running.set(db, live);
  return live;
}
