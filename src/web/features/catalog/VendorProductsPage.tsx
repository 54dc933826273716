import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import Swal from 'sweetalert2';
import { thumbnailUrl } from '#contract/images.ts';
import type { Product } from '#contract/products.ts';
import { errorMessage } from '../../api/client.ts';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { confirmDelete, SWAL_COLORS } from '../../auth/confirm.ts';
import { paths } from '../../paths.ts';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { formatPrice } from '../../ui/ProductCard.tsx';
import { useDeleteProduct } from './delete-product.ts';
import { EditProductDialog } from './EditProductDialog.tsx';
import { useVendorProducts } from './vendor-products.ts';

const PAGE_SIZE = 5;

/** /dashboard/vendorProduct: 'Total Products: N', the vendor's products 5 per page, edit and delete. */
export function VendorProductsPage() {
  const { user } = useAuth();
  const products = useVendorProducts(user?.email);
  const remove = useDeleteProduct();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Product | null>(null);

  if (products.isPending) return <PageLoader label="Loading your products" />;
  if (products.isError) return <p className="text-error">{errorMessage(products.error)}</p>;

  const items = products.data;
  const pages = Math.max(1, Math.ceil(items.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = items.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);

  const onDelete = async (product: Product) => {
    if (!(await confirmDelete())) return;
    try {
      const result = await remove.mutateAsync(product._id);
      if (result.deletedCount > 0) {
        await Swal.fire({ title: 'Deleted', text: 'Your post has been deleted', icon: 'success', ...SWAL_COLORS });
      }
    } catch (error) {
      await Swal.fire({ title: 'Not deleted', text: errorMessage(error), icon: 'error', ...SWAL_COLORS });
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
      {items.length === 0 ? (
        <p className="mt-6 rounded-box bg-base-200 p-6">You have no products yet.</p>
      ) : (
        <section
          className="mt-6 overflow-x-auto rounded-box border border-base-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways must be reachable by keyboard
          tabIndex={0}
          aria-label="Your products"
        >
          <table className="table">
            <thead className="text-base-content">
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Image</th>
                <th scope="col">Quantity</th>
                <th scope="col">Cost</th>
                <th scope="col">Margin %</th>
                <th scope="col">Price</th>
                <th scope="col">Review</th>
                <th scope="col">Edit</th>
                <th scope="col">Delete</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((p) => (
                <tr key={p._id}>
                  <td className="font-semibold">
                    <Link to={paths.productDetails(p._id)} className="link-hover">
                      {p.productName}
                    </Link>
                    {p.expired ? <span className="badge badge-sm badge-error ml-2">Expired</span> : null}
                  </td>
                  <td>
                    <img
                      src={thumbnailUrl(p.productImage)}
                      alt={p.productName}
                      width="48"
                      height="48"
                      loading="lazy"
                      className="size-12 rounded-box bg-base-200 object-contain"
                    />
                  </td>
                  <td>
                    {p.productQuantity.value} {p.productQuantity.unit}
                  </td>
                  <td>{formatPrice(p.productionCost)}</td>
                  <td>{p.profitMargin}%</td>
                  <td>{formatPrice(p.productPrice)}</td>
                  <td>
                    <Link to={paths.dashboard.review(p._id)} className="link link-primary">
                      Review
                    </Link>
                  </td>
                  <td>
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm btn-square"
                      onClick={() => setEditing(p)}
                      aria-label={`Edit ${p.productName}`}
                    >
                      <Pencil size={18} aria-hidden="true" />
                    </button>
                  </td>
                  <td>
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm btn-square text-error"
                      onClick={() => onDelete(p)}
                      aria-label={`Delete ${p.productName}`}
                    >
                      <Trash2 size={18} aria-hidden="true" />
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {pages > 1 ? (
        <nav aria-label="Product pages" className="join mt-4">
          <button
            type="button"
            className="btn join-item btn-sm"
            disabled={current === 1}
            onClick={() => setPage(current - 1)}
          >
            Prev
          </button>
          {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
            <button
              key={n}
              type="button"
              className={`btn join-item btn-sm ${n === current ? 'btn-primary' : ''}`}
              aria-current={n === current ? 'page' : undefined}
              onClick={() => setPage(n)}
            >
              {n}
            </button>
          ))}
          <button
            type="button"
            className="btn join-item btn-sm"
            disabled={current === pages}
            onClick={() => setPage(current + 1)}
          >
            Next
          </button>
        </nav>
      ) : null}
      {editing ? <EditProductDialog key={editing._id} product={editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}
