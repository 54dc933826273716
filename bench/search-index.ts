import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { Index as FlexIndex } from 'flexsearch';
import MiniSearch from 'minisearch';
import { createDb, createPool, type Db, runMigrations } from '../src/server/db/client.ts';
import { startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { listProducts } from '../src/server/modules/catalog/list-products.ts';
import { searchWords } from '../src/server/modules/catalog/search-ranking.ts';
import { SpellingIndex } from '../src/server/modules/catalog/spelling-index.ts';
import { misspelledSearches } from './search-queries.ts';
import { PRODUCT_COUNT, seedBenchCatalog } from './seed.ts';

/**
 * `npm run bench:search-index [-- --products N --texts T --rounds R --no-compare --own-only]`: candidate in-memory search indexes for issue 35,
 * measured on the bench catalog (seeded into a separate embedded PostgreSQL). Reads what ranking needs of each
 * offered product (its name and details as PostgreSQL's English configuration stems them, the name as written for
 * the trigram closeness, popularity, shop, category, price, labels, free-from, origin), builds each index from it
 * (MiniSearch, FlexSearch, and the project's own postings in a Map), and reports build time and memory per
 * 100,000 products and the latency of finding a search's first 20 ids for 200 one-word, two-word and misspelled
 * texts (single-threaded, warm). Then compares the own postings' first 20 ids with `listProducts` (the app's
 * search, as GET /api/search calls it) for the 200 misspelled texts.
 */
const argument = (name: string, fallback: number) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const PRODUCTS = argument('--products', PRODUCT_COUNT);
const COMPARE = !process.argv.includes('--no-compare');
/** Measures the own postings alone (the libraries take minutes at a million products). */
const OWN_ONLY = process.argv.includes('--own-only');
/** Texts of each kind timed (the first of the 200) and rounds over them, after one round to warm. */
const TEXTS = argument('--texts', 200);
const ROUNDS = argument('--rounds', 3);
/** Rows read from PostgreSQL a statement at start, by primary key order. */
const BATCH = 10_000;
/** The SQL's bounds (search-ranking.ts): candidates per source, postings walked per term, compounds per word. */
const CANDIDATES = 100;
const WALKED_PER_TERM = 1000;
const COMPOUNDS = 3;
const PAGE = 20;

/** What ranking needs of the offered products, one entry per product (struct of arrays, by internal number). */
type Catalog = {
  /** How many products; each is its number, 0 to size - 1, in the order of its id (as PostgreSQL orders uuids). */
  size: number;
  /** The ids, 36 characters each, and the names, one after the other (`nameStart[n]`): two strings, not millions. */
  idText: string;
  nameText: string;
  nameStart: Int32Array;
  /** Every lexeme of names and details once; products hold their numbers, flat, from `nameAt[n]` (`detailAt[n]`). */
  lexemes: string[];
  lexemeIds: Map<string, number>;
  nameAt: Int32Array;
  nameIds: Int32Array;
  detailAt: Int32Array;
  detailIds: Int32Array;
  /** Each trigram once; each name's trigrams in order, and its head noun's (distinct), as numbers, flat. */
  trigramIds: Map<string, number>;
  nameTrigramAt: Int32Array;
  nameTrigrams: Int32Array;
  headTrigramAt: Int32Array;
  headTrigrams: Int32Array;
  /** Each category's label's trigrams, in order. */
  labelTrigrams: Map<string, Int32Array>;
  popularity: Int32Array;
  /** The shop's id and the category, each string held once however many products share it. */
  vendor: string[];
  category: string[];
  priceCents: Int32Array;
  labels: Int32Array;
  allergens: Int32Array;
  latitude: Float64Array;
  longitude: Float64Array;
};

async function readCatalog(db: Db, count: number): Promise<Catalog> {
  const catalog: Catalog = {
    size: 0,
    idText: '',
    nameText: '',
    nameStart: new Int32Array(count + 1),
    lexemes: [],
    lexemeIds: new Map(),
    nameAt: new Int32Array(count + 1),
    nameIds: new Int32Array(0),
    detailAt: new Int32Array(count + 1),
    detailIds: new Int32Array(0),
    trigramIds: new Map(),
    nameTrigramAt: new Int32Array(count + 1),
    nameTrigrams: new Int32Array(0),
    headTrigramAt: new Int32Array(count + 1),
    headTrigrams: new Int32Array(0),
    labelTrigrams: new Map(),
    popularity: new Int32Array(count),
    vendor: [],
    category: [],
    priceCents: new Int32Array(count),
    labels: new Int32Array(count),
    allergens: new Int32Array(count),
    latitude: new Float64Array(count),
    longitude: new Float64Array(count),
  };
  const ids: string[] = [];
  const nameList: string[] = [];
  const interned = new Map<string, string>();
  const intern = (text: string) => {
    const known = interned.get(text);
    if (known !== undefined) return known;
    interned.set(text, text);
    return text;
  };
  const names: number[] = [];
  const details: number[] = [];
  const nameTrigrams: number[] = [];
  const headTrigrams: number[] = [];
  const trigramId = (trigram: string) => {
    const known = catalog.trigramIds.get(trigram);
    if (known !== undefined) return known;
    catalog.trigramIds.set(trigram, catalog.trigramIds.size);
    return catalog.trigramIds.size - 1;
  };
  const lexemeId = (lexeme: string) => {
    const known = catalog.lexemeIds.get(lexeme);
    if (known !== undefined) return known;
    catalog.lexemeIds.set(lexeme, catalog.lexemes.length);
    return catalog.lexemes.push(lexeme) - 1;
  };
  let last = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const { rows } = await db.execute(sql`
      SELECT p.id, p.name, p.vendor_id, p.category, p.price_cents, p.popularity, p.labels, p.allergens,
        p.origin_latitude, p.origin_longitude,
        array_to_string(tsvector_to_array(ts_filter(p.search_vector, '{a}')), ' ') AS name_terms,
        array_to_string(tsvector_to_array(ts_filter(p.search_vector, '{b}')), ' ') AS detail_terms
      FROM products p
      WHERE p.listed AND p.expires_on >= current_date AND p.id > ${last}::uuid
      ORDER BY p.id LIMIT ${BATCH}`);
    for (const row of rows as Record<string, string | number | null>[]) {
      const n = ids.length;
      ids.push(row.id as string);
      nameList.push(row.name as string);
      catalog.nameStart[n + 1] = catalog.nameStart[n] + (row.name as string).length;
      catalog.nameAt[n] = names.length;
      for (const lexeme of (row.name_terms as string).split(' ').filter(Boolean)) names.push(lexemeId(lexeme));
      catalog.detailAt[n] = details.length;
      catalog.nameTrigramAt[n] = nameTrigrams.length;
      for (const trigram of trigramList(row.name as string)) nameTrigrams.push(trigramId(trigram));
      catalog.headTrigramAt[n] = headTrigrams.length;
      for (const trigram of new Set(trigramList(headNoun(row.name as string)))) headTrigrams.push(trigramId(trigram));
      for (const lexeme of (row.detail_terms as string).split(' ').filter(Boolean)) details.push(lexemeId(lexeme));
      catalog.popularity[n] = row.popularity as number;
      catalog.vendor.push(intern(row.vendor_id as string));
      catalog.category.push(intern(row.category as string));
      catalog.priceCents[n] = row.price_cents as number;
      catalog.labels[n] = row.labels as number;
      catalog.allergens[n] = row.allergens as number;
      catalog.latitude[n] = Number(row.origin_latitude);
      catalog.longitude[n] = Number(row.origin_longitude);
    }
    if (rows.length < BATCH) break;
    last = ids.at(-1) as string;
  }
  catalog.size = ids.length;
  catalog.idText = ids.join('');
  catalog.nameText = nameList.join('');
  catalog.nameAt[catalog.size] = names.length;
  catalog.detailAt[catalog.size] = details.length;
  catalog.nameTrigramAt[catalog.size] = nameTrigrams.length;
  catalog.headTrigramAt[catalog.size] = headTrigrams.length;
  catalog.nameTrigrams = Int32Array.from(nameTrigrams);
  catalog.headTrigrams = Int32Array.from(headTrigrams);
  const { rows: categories } = await db.execute(sql`SELECT value, label FROM categories`);
  for (const { value, label } of categories as { value: string; label: string }[]) {
    catalog.labelTrigrams.set(value, Int32Array.from(trigramList(label), trigramId));
  }
  catalog.nameIds = Int32Array.from(names);
  catalog.detailIds = Int32Array.from(details);
  return catalog;
}

const idOf = (catalog: Catalog, n: number) => catalog.idText.slice(n * 36, n * 36 + 36);
const nameOf = (catalog: Catalog, n: number) => catalog.nameText.slice(catalog.nameStart[n], catalog.nameStart[n + 1]);

/** The dictionary's terms, sorted as the C collation sorts them, each with its lexemes (PostgreSQL's stemmer). */
type Dictionary = { sorted: string[]; reversed: string[]; lexemes: Map<string, string[]>; spelling: SpellingIndex };

async function readDictionary(db: Db): Promise<Dictionary> {
  const { rows } = await db.execute(sql`
    SELECT term, tsvector_to_array(to_tsvector('english', term)) AS lexemes FROM search_terms ORDER BY term COLLATE "C"`);
  const lexemes = new Map<string, string[]>();
  const spelling = new SpellingIndex();
  for (const row of rows as { term: string; lexemes: string[] }[]) {
    lexemes.set(row.term, row.lexemes);
    spelling.add(row.term);
  }
  const sorted = [...lexemes.keys()];
  const reversed = sorted.map((t) => [...t].reverse().join('')).sort(byBytes);
  return { sorted, reversed, lexemes, spelling };
}

const byBytes = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The three shortest terms (then by bytes) that start with `start` and are longer (search-ranking's `range`). */
function shortestAfter(sorted: string[], start: string): string[] {
  const found: string[] = [];
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (sorted[mid] <= start) low = mid + 1;
    else high = mid;
  }
  for (let i = low; i < sorted.length && sorted[i].startsWith(start); i++) found.push(sorted[i]);
  return found.sort((a, b) => a.length - b.length || byBytes(a, b)).slice(0, COMPOUNDS);
}

/**
 * A search's words as the SQL spells them (spelledQuery): each word's lexemes, its spelling's and its compounds'
 * (`perWord`), and the words as spelled alone (`asSpelled`, what ts_rank ranks by); `…Ids` are the catalog's numbers
 * of those lexemes (-1 for one no product holds).
 */
type Spelled = {
  words: string[];
  perWord: string[][];
  asSpelled: string[];
  perWordIds: number[][];
  asSpelledIds: number[];
};

/** The lexemes of the products' `n`'s name (or details) hold `id`. */
const holds = (at: Int32Array, ids: Int32Array, n: number, id: number) => {
  for (let i = at[n]; i < at[n + 1]; i++) if (ids[i] === id) return true;
  return false;
};
const nameText = (catalog: Catalog, n: number) =>
  Array.from(catalog.nameIds.subarray(catalog.nameAt[n], catalog.nameAt[n + 1]), (id) => catalog.lexemes[id]).join(' ');

function spell(dictionary: Dictionary, catalog: Catalog, q: string): Spelled {
  const words = searchWords(q);
  const lexemesOf = (term: string) => dictionary.lexemes.get(term) ?? [term];
  const perWord: string[][] = [];
  const asSpelled: string[] = [];
  for (const word of words) {
    const corrected = dictionary.spelling.correct(word);
    const spellings = [word, ...(corrected && corrected !== word ? [corrected] : [])];
    const alternatives = new Set(spellings.flatMap(lexemesOf));
    for (const lexeme of alternatives) if (!asSpelled.includes(lexeme)) asSpelled.push(lexeme);
    if (word.length >= 4) {
      for (const term of shortestAfter(dictionary.sorted, word)) for (const l of lexemesOf(term)) alternatives.add(l);
      const reversed = [...word].reverse().join('');
      for (const back of shortestAfter(dictionary.reversed, reversed)) {
        for (const l of lexemesOf([...back].reverse().join(''))) alternatives.add(l);
      }
    }
    if (alternatives.size > 0) perWord.push([...alternatives]);
  }
  const idOf = (lexeme: string) => catalog.lexemeIds.get(lexeme) ?? -1;
  return {
    words,
    perWord,
    asSpelled,
    perWordIds: perWord.map((alternatives) => alternatives.map(idOf)),
    asSpelledIds: asSpelled.map(idOf),
  };
}

/** pg_trgm's trigrams of a text: of each word of letters and digits, lower case, padded with two spaces and one. */
function trigramList(text: string): string[] {
  const found: string[] = [];
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const padded = `  ${word} `;
    for (let at = 0; at + 3 <= padded.length; at++) found.push(padded.slice(at, at + 3));
  }
  return found;
}

/** The head noun of a name, as nameCloseness takes it: the last word before any note in brackets. */
const headNoun = (name: string) => name.split(' (')[0].split(' ').at(-1) ?? '';

/**
 * pg_trgm's similarity and word_similarity of a search text to the catalog's names, on the trigram numbers kept per
 * product (`query` first, then each product): marks instead of sets, so ranking a candidate allocates nothing.
 */
function ranker(catalog: Catalog) {
  const size = catalog.trigramIds.size;
  const mark = new Int32Array(size);
  const lastpos = new Int32Array(size);
  const lastStamp = new Int32Array(size);
  let queryStamp = 0;
  let nameStamp = 0;
  let ulen1 = 0;
  const labels = new Map<string, number>();
  const sml = (count: number, ulen2: number) => Math.fround(count / (ulen1 + ulen2 - count));
  return {
    query(q: string) {
      queryStamp++;
      labels.clear();
      const distinct = new Set(trigramList(q));
      ulen1 = distinct.size;
      for (const trigram of distinct) {
        const id = catalog.trigramIds.get(trigram);
        if (id !== undefined) mark[id] = queryStamp;
      }
    },
    /** similarity(text, head noun of product n). */
    similarity(n: number): number {
      const from = catalog.headTrigramAt[n];
      const to = catalog.headTrigramAt[n + 1];
      if (ulen1 === 0 || to === from) return 0;
      let shared = 0;
      for (let i = from; i < to; i++) if (mark[catalog.headTrigrams[i]] === queryStamp) shared++;
      return Math.fround(shared / (ulen1 + (to - from) - shared));
    },
    /**
     * word_similarity(text, name of product n), as iterate_word_similarity in pg_trgm's trgm_op.c (not strict): the
     * name's trigrams are walked in order; at each one the text has, the run ends there and its start moves forward
     * while that raises the similarity (in float4). A greedy choice, not the best run.
     */
    wordSimilarity(n: number): number {
      const at = catalog.nameTrigramAt[n];
      return this.wordSimilarityOf(catalog.nameTrigrams, at, catalog.nameTrigramAt[n + 1] - at);
    },
    /** word_similarity(text, the category of product n's label), once per category and text. */
    categorySimilarity(n: number): number {
      const category = catalog.category[n];
      let known = labels.get(category);
      if (known === undefined) {
        const trigrams = catalog.labelTrigrams.get(category) ?? new Int32Array(0);
        known = this.wordSimilarityOf(trigrams, 0, trigrams.length);
        labels.set(category, known);
      }
      return known;
    },
    wordSimilarityOf(list: Int32Array, at: number, length: number): number {
      nameStamp++;
      const trigram = (i: number) => list[at + i];
      const found = (t: number) => mark[t] === queryStamp;
      const last = (t: number) => (lastStamp[t] === nameStamp ? lastpos[t] : -1);
      let ulen2 = 0;
      let count = 0;
      let lower = -1;
      let best = 0;
      for (let i = 0; i < length; i++) {
        const t = trigram(i);
        if (lower >= 0 || found(t)) {
          if (last(t) < 0) {
            ulen2++;
            if (found(t)) count++;
          }
          lastStamp[t] = nameStamp;
          lastpos[t] = i;
        }
        if (!found(t)) continue;
        if (lower === -1) {
          lower = i;
          ulen2 = 1;
        }
        let current = sml(count, ulen2);
        let tmpCount = count;
        let tmpUlen2 = ulen2;
        const previousLower = lower;
        for (let tmpLower = lower; tmpLower <= i; tmpLower++) {
          const tried = sml(tmpCount, tmpUlen2);
          if (tried > current) {
            current = tried;
            ulen2 = tmpUlen2;
            lower = tmpLower;
            count = tmpCount;
          }
          const u = trigram(tmpLower);
          if (last(u) === tmpLower) {
            tmpUlen2--;
            if (found(u)) tmpCount--;
          }
        }
        best = Math.max(best, current);
        for (let tmpLower = previousLower; tmpLower < lower; tmpLower++) {
          const u = trigram(tmpLower);
          if (last(u) === tmpLower) lastpos[u] = -1;
        }
      }
      return best;
    },
  };
}
type Ranker = ReturnType<typeof ranker>;

/**
 * The SQL's score (relevanceScore) as far as this probe goes: ts_rank is stood for by the share of the words as
 * spelled in the name (weight A) and details (weight 0.4, B), scaled to ts_rank's 0.1–0.6 range; the close shops'
 * and categories' share is left out (no bench text names a shop or a category closely).
 */
function score(catalog: Catalog, rank: Ranker, n: number, spelled: Spelled): number {
  const f = Math.fround;
  const closeness = f(rank.wordSimilarity(n) + f(0.5 * rank.similarity(n)));
  return f(f(tsRank(catalog, n, spelled) + closeness) + f(f(0.3) * rank.categorySimilarity(n)));
}

/** ts_rank's weights of A (the name) and B (the details), as float4. */
const WEIGHT_A = 1;
const WEIGHT_B = Math.fround(0.4);

/**
 * ts_rank(search_vector, the words as spelled ORed), as calc_rank_or in PostgreSQL's tsrank.c computes it in float4,
 * for a lexeme found at most once in the name and once in the details (so in the bench's names and details): each
 * query lexeme the product holds adds (its best weight + its positions' weights ÷ their rank squared − the best
 * weight) ÷ π²/6, and the sum is divided by the number of distinct lexemes in the query.
 */
function tsRank(catalog: Catalog, n: number, spelled: Spelled): number {
  const f = Math.fround;
  if (spelled.asSpelledIds.length === 0) return 0;
  let res = 0;
  for (const id of spelled.asSpelledIds) {
    const weights: number[] = [];
    if (holds(catalog.nameAt, catalog.nameIds, n, id)) weights.push(WEIGHT_A);
    if (holds(catalog.detailAt, catalog.detailIds, n, id)) weights.push(WEIGHT_B);
    if (weights.length === 0) continue;
    let resj = 0;
    let wjm = -1;
    let jm = 0;
    for (const [j, w] of weights.entries()) {
      resj = f(resj + f(w / ((j + 1) * (j + 1))));
      if (w > wjm) {
        wjm = w;
        jm = j;
      }
    }
    res = f(res + f(f(wjm + resj) - f(wjm / ((jm + 1) * (jm + 1)))) / 1.64493406685);
  }
  return f(res / spelled.asSpelledIds.length);
}

/** Popularity first, then the uuid's bytes: the order the SQL walks postings in. */
const byPopularity = (catalog: Catalog) => (a: number, b: number) =>
  catalog.popularity[b] - catalog.popularity[a] || a - b;

function rankPage(catalog: Catalog, rank: Ranker, q: string, spelled: Spelled, candidates: number[]): number[] {
  rank.query(q);
  const scored = [...new Set(candidates)].map((n) => ({ n, s: score(catalog, rank, n, spelled) }));
  scored.sort((a, b) => b.s - a.s || a.n - b.n);
  return scored.slice(0, PAGE).map((x) => x.n);
}

/** An index under test: built from the catalog, it answers the numbers of a search's candidates (ranked after). */
type Candidate = { name: string; build: (catalog: Catalog) => (spelled: Spelled) => number[] };

/** A library's matches (products whose name holds every word, else any word) cut to CANDIDATES by popularity. */
function fromMatches(catalog: Catalog, every: () => number[], any: () => number[]): number[] {
  const order = byPopularity(catalog);
  const named = every().sort(order).slice(0, CANDIDATES);
  const more = named.length < CANDIDATES ? any().sort(order).slice(0, CANDIDATES) : [];
  return [...named, ...more];
}

const miniSearch: Candidate = {
  name: 'MiniSearch 7.2',
  build: (catalog) => {
    const index = new MiniSearch<{ id: number; name: string }>({
      fields: ['name'],
      idField: 'id',
      tokenize: (text) => text.split(' '),
      processTerm: (term) => term,
    });
    for (let n = 0; n < catalog.size; n++) index.add({ id: n, name: nameText(catalog, n) });
    const ids = (query: string, combineWith: 'AND' | 'OR') =>
      index.search(query, { combineWith }).map((r) => r.id as number);
    return (spelled) => {
      if (spelled.perWord.length === 0) return [];
      // Each word's alternatives ORed, the words ANDed: MiniSearch nests queries.
      const every = () =>
        index
          .search({
            combineWith: 'AND',
            queries: spelled.perWord.map((alts) => ({ combineWith: 'OR', queries: alts })),
          })
          .map((r) => r.id as number);
      return fromMatches(catalog, every, () => ids(spelled.perWord.flat().join(' '), 'OR'));
    };
  },
};

const flexSearch: Candidate = {
  name: 'FlexSearch 0.8',
  build: (catalog) => {
    const index = new FlexIndex({ tokenize: 'strict', encode: (text: string) => text.split(' '), resolution: 1 });
    for (let n = 0; n < catalog.size; n++) index.add(n, nameText(catalog, n));
    const all = (lexeme: string) => index.search(lexeme, { limit: catalog.size }) as number[];
    return (spelled) => {
      if (spelled.perWord.length === 0) return [];
      const every = () => {
        let found: number[] | null = null;
        for (const alternatives of spelled.perWord) {
          const word = new Set(alternatives.flatMap(all));
          found = found === null ? [...word] : found.filter((n: number) => word.has(n));
        }
        return found ?? [];
      };
      return fromMatches(catalog, every, () => [...new Set(spelled.perWord.flat().flatMap(all))]);
    };
  },
};

/** The project's own postings: each lexeme's products in walking order, as search_postings holds them. */
const ownPostings: Candidate = {
  name: 'own postings (Map)',
  build: (catalog) => {
    const lists = new Map<string, number[]>();
    for (let n = 0; n < catalog.size; n++) {
      for (let i = catalog.nameAt[n]; i < catalog.nameAt[n + 1]; i++) {
        const lexeme = catalog.lexemes[catalog.nameIds[i]];
        if (/\d/.test(lexeme)) continue;
        const list = lists.get(lexeme);
        if (list) list.push(n);
        else lists.set(lexeme, [n]);
      }
    }
    const postings = new Map<string, Int32Array>();
    const order = byPopularity(catalog);
    for (const [lexeme, list] of lists) postings.set(lexeme, Int32Array.from(list.sort(order)));
    return (spelled) => {
      if (spelled.perWord.length === 0) return [];
      // The terms of every alternative in tsvector order (bytes), as `unnest(s.terms)` gives them.
      const terms = [...new Set(spelled.perWord.flat())].sort(byBytes);
      const holdsEvery = (n: number) =>
        spelled.perWordIds.every((alternatives) =>
          alternatives.some((id) => holds(catalog.nameAt, catalog.nameIds, n, id)),
        );
      const every: number[] = [];
      walk: for (const term of terms) {
        const list = postings.get(term);
        if (!list) continue;
        for (let i = 0; i < Math.min(list.length, WALKED_PER_TERM); i++) {
          if (holdsEvery(list[i])) every.push(list[i]);
          if (every.length === CANDIDATES) break walk;
        }
      }
      let any: number[] = [];
      if (new Set(every).size < CANDIDATES) {
        for (const term of terms) any.push(...(postings.get(term)?.subarray(0, CANDIDATES) ?? []));
        any = any.sort(order).slice(0, CANDIDATES);
      }
      return [...every, ...any];
    };
  },
};

const mib = (bytes: number) => bytes / 2 ** 20;
const gc = () => (globalThis.gc ? globalThis.gc() : undefined);
/** Heap and typed arrays' memory (held outside the heap) of this process. */
const held = () => {
  const used = process.memoryUsage();
  return used.heapUsed + used.arrayBuffers;
};
const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))];

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'farmstall-search-index-'));
await fs.chmod(dir, 0o755);
const postgres = await startEmbeddedPostgres(dir);
const pool = createPool(postgres.url, 4);
try {
  const db = createDb(pool);
  await runMigrations(db);
  const seeding = performance.now();
  await seedBenchCatalog(db, PRODUCTS);
  console.log(
    `Seeded ${PRODUCTS.toLocaleString('en-US')} products in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  );

  const typos = await misspelledSearches(db);
  gc();
  const heapBefore = held();
  const reading = performance.now();
  const catalog = await readCatalog(db, PRODUCTS);
  const dictionary = await readDictionary(db);
  // PostgreSQL's stems of the texts' words that are not terms (typos): ts_rank divides by the query's lexemes.
  const unknown = [...new Set(typos.flatMap(searchWords))].filter((w) => !dictionary.lexemes.has(w));
  const { rows: stems } = await db.execute(sql`
    SELECT w, tsvector_to_array(to_tsvector('english', w)) AS lexemes FROM unnest(${sql.param(unknown)}::text[]) AS w`);
  for (const { w, lexemes } of stems as { w: string; lexemes: string[] }[]) dictionary.lexemes.set(w, lexemes);
  const readSeconds = (performance.now() - reading) / 1000;
  gc();
  const catalogMiB = mib(held() - heapBefore);
  const per100k = 100_000 / catalog.size;
  console.log(
    `Read ${catalog.size.toLocaleString('en-US')} offered products and ${dictionary.sorted.length} terms in ${readSeconds.toFixed(1)} s; their ranking data holds ${catalogMiB.toFixed(0)} MiB of heap (${(catalogMiB * per100k).toFixed(0)} MiB per 100,000)`,
  );

  // The same texts spelled correctly: the last word (one word) and the first two (two words) of each.
  const fixed = typos.map((q) => searchWords(q).map((w) => dictionary.spelling.correct(w) ?? w));
  const texts = {
    'one word': fixed.map((words) => words.at(-1) as string).slice(0, TEXTS),
    'two words': fixed.map((words) => words.slice(0, 2).join(' ')).slice(0, TEXTS),
    misspelled: typos.slice(0, TEXTS),
  };

  const rank = ranker(catalog);
  const rows: string[] = [];
  const pages = new Map<string, Map<string, string[]>>();
  for (const candidate of OWN_ONLY ? [ownPostings] : [ownPostings, miniSearch, flexSearch]) {
    gc();
    const heap = held();
    const rss = process.memoryUsage().rss;
    const cpu = process.cpuUsage();
    const started = performance.now();
    const search = candidate.build(catalog);
    const buildSeconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    gc();
    const heapMiB = mib(held() - heap);
    const rssMiB = mib(process.memoryUsage().rss - rss);
    const latencies: string[] = [];
    const answered = new Map<string, string[]>();
    for (const [kind, list] of Object.entries(texts)) {
      const run = () => list.map((q) => search(spell(dictionary, catalog, q)));
      run(); // warm, as a running server is
      const times: number[] = [];
      const rankTimes: number[] = [];
      const cpuBefore = process.cpuUsage();
      for (let round = 0; round < ROUNDS; round++) {
        for (const q of list) {
          const at = performance.now();
          const spelled = spell(dictionary, catalog, q);
          const found = search(spelled);
          const ranking = performance.now();
          const page = rankPage(catalog, rank, q, spelled, found);
          const done = performance.now();
          times.push(done - at);
          rankTimes.push(done - ranking);
          if (kind === 'misspelled')
            answered.set(
              q,
              page.map((n) => idOf(catalog, n)),
            );
        }
      }
      const cpuUsed = process.cpuUsage(cpuBefore);
      const cpuMean = (cpuUsed.user + cpuUsed.system) / 1000 / times.length;
      latencies.push(
        `${quantile(times, 0.5).toFixed(2)} / ${quantile(times, 0.99).toFixed(2)} (${cpuMean.toFixed(2)}; ranking ${quantile(rankTimes, 0.5).toFixed(2)})`,
      );
    }
    pages.set(candidate.name, answered);
    const row = `| ${candidate.name} | ${(buildSeconds * per100k).toFixed(2)} (${buildSeconds.toFixed(1)} s, CPU ${((used.user + used.system) / 1e6).toFixed(1)} s) | ${(heapMiB * per100k).toFixed(1)} | ${(rssMiB * per100k).toFixed(0)} | ${latencies.join(' | ')} |`;
    console.log(row);
    rows.push(row);
    gc();
  }
  console.log(
    `\n${catalog.size.toLocaleString('en-US')} products (${dictionary.sorted.length} terms); ranking data shared by all: ${(catalogMiB * per100k).toFixed(0)} MiB of heap per 100,000; Node ${process.version}, 1-minute load ${os.loadavg()[0].toFixed(1)}; latency = spelling + candidates + ranking of one search's first ${PAGE} ids (ranking the candidates in JavaScript, the same code for all three), ${TEXTS} texts of each kind × ${ROUNDS} rounds after a warm round, single-threaded\n\n` +
      '| Index | build s per 100,000 (whole) | heap MiB per 100,000 | RSS MiB per 100,000 | one word ms p50 / p99 (CPU mean; ranking p50) | two words | misspelled |\n|---|---:|---:|---:|---:|---:|---:|\n' +
      rows.join('\n'),
  );

  if (COMPARE) {
    const spellWords = (words: string[]) => words.map((w) => dictionary.spelling.correct(w));
    const differences = new Map<string, { exact: number; inSet: number; examples: string[] }>();
    const sqlTimes: number[] = [];
    const sqlPages = new Map<string, string[]>();
    const numberOf = new Map(Array.from({ length: catalog.size }, (_, n) => [idOf(catalog, n), n] as const));
    for (const q of texts.misspelled) {
      const at = performance.now();
      const page = await db.transaction((tx) => listProducts(tx, { q, sort: 'relevance', limit: PAGE }, spellWords));
      sqlTimes.push(performance.now() - at);
      sqlPages.set(
        q,
        page.items.map((item) => item._id),
      );
    }
    // The port of word_similarity held to PostgreSQL's on each text and the names of its SQL page.
    const pairs = texts.misspelled.flatMap((q) =>
      (sqlPages.get(q) ?? []).map((id) => ({ q, n: numberOf.get(id) ?? 0 })),
    );
    const { rows: measured } = await db.execute(sql`
      SELECT word_similarity(q, name) AS w, similarity(q, head) AS s
      FROM unnest(${sql.param(pairs.map((p) => p.q))}::text[], ${sql.param(pairs.map((p) => nameOf(catalog, p.n)))}::text[],
        ${sql.param(pairs.map((p) => headNoun(nameOf(catalog, p.n))))}::text[]) AS x(q, name, head)`);
    const off = (measured as { w: number; s: number }[]).filter((row, i) => {
      rank.query(pairs[i].q);
      return (
        Math.fround(row.w) !== rank.wordSimilarity(pairs[i].n) || Math.fround(row.s) !== rank.similarity(pairs[i].n)
      );
    }).length;
    console.log(
      `word_similarity and similarity in JavaScript against PostgreSQL's: ${off} of ${pairs.length} pairs differ`,
    );
    for (const [name, answered] of pages) {
      const result = { exact: 0, inSet: 0, examples: [] as string[] };
      for (const q of texts.misspelled) {
        const want = sqlPages.get(q) ?? [];
        const got = answered.get(q) ?? [];
        const same = want.length === got.length && want.every((id, i) => id === got[i]);
        const set = new Set(want);
        const sameSet = want.length === got.length && got.every((id) => set.has(id));
        if (same) result.exact++;
        if (sameSet) result.inSet++;
        if (!sameSet && result.examples.length < 5) {
          const missing = want.filter((id) => !got.includes(id)).length;
          const named = (list: string[]) =>
            [
              ...new Set(
                list.map((id) =>
                  numberOf.has(id)
                    ? nameOf(catalog, numberOf.get(id) as number).replace(/ \d+$/, '')
                    : `unoffered ${id}`,
                ),
              ),
            ].join(', ');
          const corrected = searchWords(q)
            .map((w) => dictionary.spelling.correct(w) ?? `${w}?`)
            .join(' ');
          result.examples.push(
            `"${q}" (spelled ${corrected}): ${missing} of ${want.length} SQL ids not in the index's ${got.length}; SQL names: ${named(want)}; index names: ${named(got)}`,
          );
        }
      }
      differences.set(name, result);
      console.log(
        `${name} against listProducts, ${texts.misspelled.length} misspelled texts: first ${PAGE} ids equal in order ${result.exact}, as a set ${result.inSet}${result.examples.map((e) => `\n  - ${e}`).join('')}`,
      );
    }
    console.log(
      `listProducts (the SQL search, through a transaction on a pool of 4): p50 ${quantile(sqlTimes, 0.5).toFixed(2)} ms, p99 ${quantile(sqlTimes, 0.99).toFixed(2)} ms`,
    );
  }
} finally {
  await pool.end();
  await postgres.stop();
  await fs.rm(dir, { recursive: true, force: true });
}
