import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import {
  type Product,
  type ProductEditFormValues,
  type ProductEditInput,
  productEditInput,
} from '#contract/products.ts';
import { errorMessage } from '../../api/client.ts';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { toast } from '../../ui/toast.ts';
import { useEditProduct } from './edit-product.ts';
import { ProductForm } from './ProductForm.tsx';

function valuesOf(product: Product): ProductEditFormValues {
  return {
    productName: product.productName,
    productDetails: product.productDetails,
    productQuantity: product.productQuantity.value,
    productionCost: product.productionCost,
    profitMargin: product.profitMargin,
    productManufacturingDate: product.productManufacturingDate,
    productExpireDate: product.productExpireDate,
    productImage: product.productImage,
    soldByWeight: product.soldByWeight,
    gramsPerPiece: product.gramsPerPiece,
    allergens: product.allergens,
    labels: product.labels,
    ingredients: product.ingredients,
    markdownPercent: product.markdownRule?.percent ?? null,
    markdownDays: product.markdownRule?.days ?? null,
    // A farm of its own has a ZIP code; without one the product comes from the shop (both fields empty).
    originName: product.origin?.postcode ? product.origin.name : '',
    originPostcode: product.origin?.postcode ?? '',
  };
}

/** A modal to edit one of the vendor's products: texts, stock, cost, margin, dates and picture. */
export function EditProductDialog({ product, onClose }: { product: Product; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const edit = useEditProduct();
  const form = useForm<ProductEditFormValues, unknown, ProductEditInput>({
    resolver: zodResolver(productEditInput),
    defaultValues: valuesOf(product),
  });

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const saved = await edit.mutateAsync({ id: product._id, input });
      toast.success(`${saved.productName} is updated`);
      dialog.current?.close();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });

  return (
    <dialog ref={dialog} className="modal" onClose={onClose} aria-labelledby="edit-product-title">
      <div className="modal-box max-w-3xl">
        <h2 id="edit-product-title" className="text-2xl font-bold">
          Edit {product.productName}
        </h2>
        <ProductForm
          idPrefix="edit"
          form={form}
          onSubmit={onSubmit}
          className="mt-4 grid gap-x-6 sm:grid-cols-2"
          actions={
            <div className="modal-action sm:col-span-2">
              <button type="button" className="btn btn-ghost" onClick={() => dialog.current?.close()}>
                Cancel
              </button>
              <SubmitButton busy={edit.isPending}>Save changes</SubmitButton>
            </div>
          }
        />
      </div>
    </dialog>
  );
}
