import type { CatalogueColumn } from '#contract/catalogue-import.ts';
import type { Separator } from './csv-file.ts';

/** How a column's text is read: the product form's own field types. */
type Kind = 'text' | 'choice' | 'blankNull' | 'money' | 'decimal' | 'whole' | 'yesNo' | 'list';

const KINDS: Record<CatalogueColumn, Kind> = {
  product: 'text',
  sku: 'text',
  name: 'text',
  category: 'choice',
  details: 'text',
  image: 'text',
  size: 'text',
  price: 'money',
  cost: 'money',
  margin: 'decimal',
  pricing: 'text',
  unit: 'choice',
  packLabel: 'blankNull',
  netQuantity: 'decimal',
  netUnit: 'choice',
  soldByWeight: 'yesNo',
  gramsPerPiece: 'whole',
  stock: 'whole',
  pool: 'whole',
  draws: 'whole',
  gtin: 'blankNull',
  allergens: 'list',
  labels: 'list',
  ingredients: 'text',
  pieceName: 'blankNull',
  made: 'text',
  expires: 'text',
  farm: 'blankNull',
  farmZip: 'blankNull',
  markdownPercent: 'whole',
  markdownDays: 'whole',
  archive: 'yesNo',
};

/** Words for the units a spreadsheet may use, by the unit the product form names. */
const UNIT_WORDS: Record<string, string> = {
  each: 'piece',
  pieces: 'piece',
  l: 'liter',
  litre: 'liter',
  liters: 'liter',
};

/** A cell's value for the product form's schemas, or `bad` with the form's message when it is not of the column's type. */
export type Cell = { value: unknown; bad?: string };

const NUMBER = /^-?\d+(\.\d+)?$/;
const YES = ['yes', 'y', 'true', '1'];
const NO = ['no', 'n', 'false', '0'];

/**
 * The value of a cell as the product form would send it: numbers as numbers (a decimal comma read as a point when
 * the file's separator is ';'), yes/no as booleans, lists split on commas, a blank optional field as none.
 */
export function cellValue(column: CatalogueColumn, text: string, separator: Separator): Cell {
  const trimmed = text.trim();
  const kind = KINDS[column];
  switch (kind) {
    case 'text':
      return { value: trimmed };
    case 'blankNull':
      return { value: trimmed === '' ? null : trimmed };
    case 'choice': {
      if (trimmed === '') return { value: column === 'netUnit' ? null : undefined };
      const word = trimmed.toLowerCase();
      return { value: column === 'category' ? word : (UNIT_WORDS[word] ?? word) };
    }
    case 'yesNo': {
      const word = trimmed.toLowerCase();
      if (word === '') return { value: undefined };
      if (YES.includes(word)) return { value: true };
      if (NO.includes(word)) return { value: false };
      // The form's own message for a field that is not yes or no comes from its schema.
      return column === 'archive' ? { value: undefined, bad: 'Archive is yes or no' } : { value: trimmed };
    }
    case 'list':
      return {
        value: trimmed
          .split(/[,;|]/)
          .map((name) => name.trim().toLowerCase())
          .filter((name) => name !== ''),
      };
    default: {
      if (trimmed === '') return { value: column === 'pool' ? undefined : null };
      let number = kind === 'money' ? trimmed.replace(/^\$/, '') : trimmed;
      if (separator === ';') number = number.replace(/^(-?\d+),(\d+)$/, '$1.$2');
      if (!NUMBER.test(number)) {
        return { value: undefined, bad: kind === 'money' ? 'Enter a price in dollars' : 'Enter a number' };
      }
      return { value: Number(number) };
    }
  }
}

/** A cell's value in a form two cells can be compared by (3.5 and 3,50 are equal; so are "milk, eggs" and "eggs,milk"). */
export function sameValue(column: CatalogueColumn, a: string, separatorA: Separator, b: string, separatorB: Separator) {
  const key = (text: string, separator: Separator) => {
    const { value } = cellValue(column, text, separator);
    return JSON.stringify(Array.isArray(value) ? [...value].sort() : (value ?? null));
  };
  return key(a, separatorA) === key(b, separatorB);
}
