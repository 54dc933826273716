import { type LucideIcon, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDollars } from '#contract/money.ts';
import type { VendorProduct as Product } from '#contract/products.ts';
import { perText, quantityText } from '#contract/units.ts';
import { errorMessage } from '../../api/client.ts';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { paths } from '../../paths.ts';
import { confirmDelete, tellOutcome } from '../../ui/confirm.ts';
import { type Column, DataTable, pageOfRows } from '../../ui/DataTable.tsx';
import { IconButton } from '../../ui/IconButton.tsx';
import { LoadError } from '../../ui/LoadError.tsx';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { optionPriceText } from '../../ui/product-options.ts';
import { Thumb } from '../../ui/Thumb.tsx';
import { useDeleteProduct } from './delete-product.ts';
import { EditProductDialog } from './EditProductDialog.tsx';
import { pricedUnit, productPriceText } from './product-offer.ts';
import { ShopMarkdownForm } from './ShopMarkdownForm.tsx';
import { useVendorProducts } from './vendor-products.ts';

const PAGE_SIZE = 5;

/** A column of one icon button a row, named "Edit Apples", "Delete Apples". */
const buttonColumn = (
  action: 'Edit' | 'Delete',
  icon: LucideIcon,
  className: string,
  act: (product: Product) => void,
): Column<Product> => ({
  header: action,
  cell: (p) => (
    <IconButton icon={icon} label={`${action} ${p.productName}`} className={className} onClick={() => act(p)} />
  ),
});

/**
 * A product's sizes under its name (decision 052): each one's name, price with its unit price, and its stock (or
 * the units of the shared stock it takes).
 */
function SizeList({ product }: { product: Product }) {
  return (
    <ul className="mt-1 text-sm font-normal" aria-label={`Sizes of ${product.productName}`}>
      {product.options.map((o) => (
        <li key={o._id}>
          <span className="font-semibold">{o.label}</span>: {optionPriceText(o, o.price, product.pieceName ?? null)}
          <span className="text-base-content/80">
            {' '}
            (
            {o.draws !== null
              ? `takes ${o.draws}`
              : `${quantityText(o.stock ?? 0, o.soldByWeight ? 'piece' : o.unit, o.pack)} left`}
            )
          </span>
        </li>
      ))}
    </ul>
  );
}

/** /dashboard/vendorProduct: 'Total Products: N', the vendor's products 5 per page, edit and delete. */
export function VendorProductsPage() {
  const { user } = useAuth();
  const products = useVendorProducts(user?.email);
  const remove = useDeleteProduct();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Product | null>(null);

  if (products.isPending) return <PageLoader label="Loading your products" />;
  if (products.isError) return <LoadError error={products.error} onRetry={() => products.refetch()} />;

  const items = products.data;
  const shown = pageOfRows(items, page, PAGE_SIZE);

  const onDelete = async (product: Product) => {
    if (!(await confirmDelete())) return;
    try {
      const result = await remove.mutateAsync(product._id);
      if (result.deletedCount > 0) {
        await tellOutcome({ title: 'Deleted', text: 'Your post has been deleted', ok: true });
      }
    } catch (error) {
      await tellOutcome({ title: 'Not deleted', text: errorMessage(error), ok: false });
    }
  };

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">Total Products: {items.length}</h1>
        <Link to={paths.dashboard.addProduct} className="btn btn-primary btn-sm">
          Add Product
        </Link>
      </div>
      <ShopMarkdownForm />
      {items.length === 0 ? (
        <p className="mt-6 rounded-box bg-base-200 p-6">You have no products yet.</p>
      ) : (
        <DataTable
          label="Your products"
          cards
          rows={shown.items}
          pager={{ page: shown, onPage: setPage, label: 'Product pages' }}
          className="mt-6 rounded-box border border-base-300"
          columns={[
            {
              header: 'Name',
              className: 'font-semibold',
              cell: (p) => (
                <>
                  <Link to={paths.productDetails(p._id)} className="link-hover">
                    {p.productName}
                  </Link>
                  {p.expired ? <span className="badge badge-sm badge-error ml-2">Expired</span> : null}
                  {p.options.length > 1 ? <SizeList product={p} /> : null}
                </>
              ),
            },
            {
              header: 'Image',
              cell: (p) => (
                <Thumb
                  src={p.productImage}
                  alt={p.productName}
                  size={48}
                  className="size-12 rounded-box bg-base-200 object-contain"
                />
              ),
            },
            {
              header: 'Quantity',
              cell: (p) =>
                p.options.length > 1
                  ? p.stockShared
                    ? `${(p.pool ?? p.productQuantity.value).toLocaleString('en-US')} shared`
                    : `${p.options.reduce((sum, o) => sum + (o.stock ?? 0), 0).toLocaleString('en-US')} in all`
                  : quantityText(p.productQuantity.value, p.soldByWeight ? 'piece' : p.productQuantity.unit, p.pack),
            },
            {
              header: 'Cost',
              cell: (p) =>
                p.productionCost === null
                  ? '—'
                  : `${formatDollars(p.productionCost)} ${perText(pricedUnit(p), p.pack)}`,
            },
            { header: 'Margin %', cell: (p) => (p.profitMargin === null ? '—' : `${p.profitMargin}%`) },
            {
              header: 'Price',
              cell: (p) => (
                <>
                  {productPriceText(p, p.productPrice)}
                  {p.markdown ? (
                    <span className="block text-sm text-red-800">
                      {productPriceText(p, p.markdown.price)} now (−{p.markdown.discountPercent}%)
                    </span>
                  ) : null}
                </>
              ),
            },
            {
              header: 'Review',
              cell: (p) => (
                <Link to={paths.dashboard.review(p._id)} className="link link-primary">
                  Review
                </Link>
              ),
            },
            buttonColumn('Edit', Pencil, 'btn-square', setEditing),
            buttonColumn('Delete', Trash2, 'btn-square text-error', onDelete),
          ]}
        />
      )}
      {editing ? <EditProductDialog key={editing._id} product={editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}
