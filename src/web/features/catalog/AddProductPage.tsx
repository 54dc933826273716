import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { CATEGORIES, categoryLabel, unitForCategory } from '#contract/categories.ts';
import { PRODUCT_LIMIT_MESSAGE, type ProductFormValues, type ProductInput, productInput } from '#contract/products.ts';
import { ApiError, errorMessage } from '../../api/client.ts';
import { paths } from '../../paths.ts';
import { showFieldErrors } from '../../ui/form-outcome.ts';
import { LoadError } from '../../ui/LoadError.tsx';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { TextField, wireFields } from '../../ui/TextField.tsx';
import { toast } from '../../ui/toast.ts';
import { useAddProduct } from './add-product.ts';
import { EMPTY_PRODUCT_FIELDS, ProductForm } from './ProductForm.tsx';
import { withSizes } from './ProductSizes.tsx';
import { useVendorAllowance } from './vendor-allowance.ts';

/** The membership's limit is reached: the spec's message (or the plan's own, where the spec's would be false). */
function LimitReached({ message }: { message: string | null }) {
  return (
    <div className="rounded-box border border-warning bg-base-200 p-8 text-center" role="status">
      <p className="text-lg font-semibold">{message ?? PRODUCT_LIMIT_MESSAGE}</p>
      <Link to={paths.dashboard.payment} className="btn btn-primary mt-4">
        Buy Now
      </Link>
    </div>
  );
}

/** The empty form, with no category chosen. */
const EMPTY = { ...EMPTY_PRODUCT_FIELDS, productCategory: '' } as unknown as ProductFormValues;

/** /dashboard/addProduct: every field required, live price, picture upload with progress, the 5-product limit. */
export function AddProductPage() {
  const allowance = useVendorAllowance();
  const add = useAddProduct();
  const form = useForm<ProductFormValues, unknown, ProductInput>({
    resolver: withSizes(zodResolver(productInput)),
    defaultValues: EMPTY,
  });
  const { handleSubmit, reset, watch } = form;
  const field = wireFields('add', form);

  const category = watch('productCategory');
  const { getFieldState, setValue } = form;
  // The category's unit is what "Sold by" proposes, until the farmer chooses one (decision 053).
  useEffect(() => {
    if (category && !getFieldState('unit').isDirty) setValue('unit', unitForCategory(category));
  }, [category, getFieldState, setValue]);
  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await add.mutateAsync(values);
      toast.success(`${result.product.productName} is added in the products list!`);
      reset(EMPTY);
      await allowance.refetch();
    } catch (error) {
      // A size's refusal ("SKU already used in your shop", 409) is said beside its field; the limit is re-read.
      const named = showFieldErrors(form, error);
      if (error instanceof ApiError && error.status === 409 && !named) await allowance.refetch();
      toast.error(errorMessage(error));
    }
  });

  if (allowance.isPending) return <PageLoader label="Checking your membership" />;
  if (allowance.isError) return <LoadError error={allowance.error} onRetry={() => allowance.refetch()} />;

  return (
    <div>
      <h1 className="text-3xl font-bold">Add a product</h1>
      {allowance.data.limit !== null ? (
        <p className="mt-1 text-sm">
          {allowance.data.membership === 'normal' ? 'Normal membership' : 'Your membership'}:{' '}
          {allowance.data.productCount} of {allowance.data.limit} products listed.
        </p>
      ) : null}
      <div className="mt-6">
        {!allowance.data.canAdd ? (
          <LimitReached message={allowance.data.message} />
        ) : (
          <ProductForm
            idPrefix="add"
            form={form}
            onSubmit={onSubmit}
            before={
              <>
                <TextField label="Category" field={field('productCategory')} as="select">
                  <option value="">Choose a category</option>
                  {CATEGORIES.map((c) => (
                    <option key={c.value} value={c.value}>
                      {c.label}
                    </option>
                  ))}
                </TextField>
                <div className="fieldset">
                  <span className="fieldset-legend">The category&apos;s unit</span>
                  <p className="py-2" aria-live="polite">
                    {category
                      ? `Sold by the ${unitForCategory(category)} (${categoryLabel(category)}) unless you choose otherwise`
                      : 'Follows the category'}
                  </p>
                </div>
              </>
            }
            priceNote="Cost plus your margin, at most $100,000; the server confirms it."
            actions={
              <div className="mt-4 sm:col-span-2">
                <SubmitButton busy={add.isPending}>Add Product</SubmitButton>
              </div>
            }
          />
        )}
      </div>
    </div>
  );
}
