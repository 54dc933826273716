import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import {
  type VendorProduct as Product,
  type ProductEditFormValues,
  type ProductEditInput,
  productEditInput,
} from '#contract/products.ts';
import { errorMessage } from '../../api/client.ts';
import { showFieldErrors } from '../../ui/form-outcome.ts';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { toast } from '../../ui/toast.ts';
import { useEditProduct } from './edit-product.ts';
import { ProductForm } from './ProductForm.tsx';
import { rowOf, withSizes } from './ProductSizes.tsx';

/** How the form's fields that are not the product's field of the same name are filled from the product. */
const MADE = {
  // With sizes sharing one stock, the field is the pool (decision 052).
  productQuantity: (product) =>
    product.options.length > 1 && product.stockShared
      ? (product.pool ?? product.productQuantity.value)
      : product.productQuantity.value,
  // One size: the form's own fields describe it; several: a row each.
  options: (product) => (product.options.length > 1 ? product.options.map(rowOf) : []),
  // One size: its own stock when the farmer adds a second (ticking "share one stock" keeps its stock as the pool).
  stockShared: (product) => product.options.length > 1 && product.stockShared,
  unit: (product) => product.productQuantity.unit,
  packLabel: (product) => product.pack?.label ?? '',
  netQuantity: (product) => product.pack?.netQuantity ?? null,
  netUnit: (product) => product.pack?.netUnit ?? null,
  pieceName: (product) => product.pieceName ?? '',
  markdownPercent: (product) => product.markdownRule?.percent ?? null,
  markdownDays: (product) => product.markdownRule?.days ?? null,
  // A farm of its own has a ZIP code; without one the product comes from the shop (both fields empty).
  originName: (product) => (product.origin?.postcode ? product.origin.name : ''),
  originPostcode: (product) => product.origin?.postcode ?? '',
  // A typed price's margin is derived, not the vendor's: the form derives it again from what they type.
  profitMargin: (product) => (product.pricing === 'price' ? null : product.profitMargin),
} satisfies { [K in keyof ProductEditFormValues]?: (product: Product) => ProductEditFormValues[K] };

/** The form's fields that are the product's field of the same name, as it is (productName, allergens, …). */
type Same = Exclude<keyof ProductEditFormValues, keyof typeof MADE>;
const SAME = Object.keys(productEditInput.shape).filter((key): key is Same => !(key in MADE));

/** The edit form filled with the product as it is. */
function valuesOf(product: Product): ProductEditFormValues {
  // tsc fails here when a field of the form is neither made above nor the product's field of the same type.
  const same: Pick<ProductEditFormValues, Same> = product;
  return {
    ...Object.fromEntries(SAME.map((key) => [key, same[key]])),
    ...Object.fromEntries(Object.entries(MADE).map(([key, make]) => [key, make(product)])),
  } as ProductEditFormValues;
}

/** A modal to edit one of the vendor's products: texts, stock, cost, margin, dates and picture. */
export function EditProductDialog({ product, onClose }: { product: Product; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const edit = useEditProduct();
  const form = useForm<ProductEditFormValues, unknown, ProductEditInput>({
    resolver: withSizes(zodResolver(productEditInput)),
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
      // A size's refusal ("SKU already used in your shop") is said beside its field.
      showFieldErrors(form, error);
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
          firstOption={product.options[0]}
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
