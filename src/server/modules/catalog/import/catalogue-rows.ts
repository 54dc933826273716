import { and, asc, eq, inArray } from 'drizzle-orm';
import { CATALOGUE_COLUMNS, type CatalogueColumn } from '#contract/catalogue-import.ts';
import { ALLERGENS, LABELS, namesOf } from '#contract/food-facts.ts';
import type { Tx } from '../../../db/client.ts';
import { productOptions, products } from '../tables.ts';
import { writeCsv } from './csv-file.ts';

/** One row of the catalogue's CSV: a size of a product, with the product's own fields, as text by column. */
export type CatalogueRow = Record<CatalogueColumn, string>;

/** A listed product of the shop with its listed sizes (first first), as the export writes it. */
export type ShopProduct = {
  id: string;
  category: string;
  options: { id: string; sku: string }[];
  rows: CatalogueRow[];
};

const money = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2));
const number = (value: number | null) => (value === null ? '' : String(value));
const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/** The shop's listed products, oldest first, each with its sizes as the CSV's rows. */
export async function shopProducts(db: Tx, vendorId: string): Promise<ShopProduct[]> {
  const rows = await db
    .select()
    .from(products)
    .where(and(eq(products.vendorId, vendorId), eq(products.listed, true)))
    .orderBy(asc(products.createdAt), asc(products.id));
  if (rows.length === 0) return [];
  const options = await db
    .select()
    .from(productOptions)
    .where(
      and(
        inArray(
          productOptions.productId,
          rows.map((r) => r.id),
        ),
        eq(productOptions.listed, true),
      ),
    )
    .orderBy(asc(productOptions.productId), asc(productOptions.position));
  const byProduct = new Map<string, typeof options>();
  for (const o of options) byProduct.set(o.productId, [...(byProduct.get(o.productId) ?? []), o]);
  return rows.flatMap((p) => {
    const sizes = byProduct.get(p.id) ?? [];
    if (sizes.length === 0) return [];
    const shared = sizes[0].draws !== null;
    const product = {
      product: sizes[0].sku,
      name: p.name,
      category: p.category,
      details: p.details,
      image: p.imageUrl,
      pool: shared ? String(p.stock) : '',
      allergens: namesOf(ALLERGENS, p.allergens).join(', '),
      labels: namesOf(LABELS, p.labels).join(', '),
      ingredients: p.ingredients,
      pieceName: p.pieceName ?? '',
      made: p.manufacturedOn,
      expires: p.expiresOn,
      farm: p.originName ?? '',
      farmZip: p.originPostcode ?? '',
      markdownPercent: number(p.markdownPercent),
      markdownDays: number(p.markdownDays),
      archive: '',
    };
    return [
      {
        id: p.id,
        category: p.category,
        options: sizes.map((o) => ({ id: o.id, sku: o.sku })),
        rows: sizes.map(
          (o): CatalogueRow => ({
            ...product,
            sku: o.sku,
            size: o.label,
            price: money(o.priceCents),
            cost: money(o.productionCostCents),
            margin: o.profitMarginBp === null ? '' : String(o.profitMarginBp / 100),
            pricing: o.profitMarginBp === null ? 'price' : 'costAndMargin',
            unit: o.unit,
            packLabel: o.packLabel ?? '',
            netQuantity: number(o.netQuantity),
            netUnit: o.netUnit ?? '',
            soldByWeight: yesNo(o.soldByWeight),
            gramsPerPiece: number(o.gramsPerPiece),
            stock: number(o.stock),
            draws: number(o.draws),
            gtin: o.gtin ?? '',
          }),
        ),
      },
    ];
  });
}

/** The shop's catalogue as a CSV file: every column, one row per listed size. */
export async function catalogueCsv(db: Tx, vendorId: string): Promise<string> {
  const listed = await shopProducts(db, vendorId);
  return writeCsv(
    CATALOGUE_COLUMNS.map((c) => c.header),
    listed.flatMap((p) => p.rows.map((row) => CATALOGUE_COLUMNS.map((c) => row[c.key]))),
  );
}
