import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { MARKDOWN_DAYS, MARKDOWN_PERCENT, type MarkdownRule, markdownRule } from '#contract/markdowns.ts';
import { errorMessage } from '../../api/client.ts';
import { FormField } from '../../ui/FormField.tsx';
import { LoadError } from '../../ui/LoadError.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { toast } from '../../ui/toast.ts';
import { useClearShopMarkdown, useSaveShopMarkdown, useShopMarkdown } from './shop-markdown.ts';

const numberOrNull = (v: string | number | null) => (v === '' || v === null ? null : Number(v));

/**
 * The shop-wide near-expiry markdown: a percent off every product in its last days before expiry (a product with a
 * rule of its own keeps that one). Saved or removed at once; field messages from the same schema as the server's.
 */
export function ShopMarkdownForm() {
  const current = useShopMarkdown();
  if (current.isPending) return null;
  if (current.isError) return <LoadError error={current.error} onRetry={() => current.refetch()} />;
  // A new form for each saved rule: its boxes start from what is saved.
  const { rule } = current.data;
  return <RuleForm key={rule ? `${rule.percent}-${rule.days}` : 'none'} rule={rule} />;
}

function RuleForm({ rule }: { rule: MarkdownRule | null }) {
  const save = useSaveShopMarkdown();
  const clear = useClearShopMarkdown();
  const form = useForm<MarkdownRule>({ resolver: zodResolver(markdownRule), defaultValues: rule ?? {} });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await save.mutateAsync(input);
      toast.success(`Your products now take ${input.percent}% off in their last ${input.days} days`);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });
  const onRemove = async () => {
    try {
      await clear.mutateAsync(undefined);
      toast.success('Your shop has no markdown rule now');
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  const input = (name: keyof MarkdownRule, bounds: { min: number; max: number }) => (
    <input
      id={`shop-markdown-${name}`}
      className="input w-full"
      type="number"
      step={1}
      min={bounds.min}
      max={bounds.max}
      aria-invalid={errors[name] ? true : undefined}
      aria-describedby={errors[name] ? `shop-markdown-${name}-error` : undefined}
      {...form.register(name, { setValueAs: numberOrNull })}
    />
  );
  return (
    <section aria-labelledby="shop-markdown-heading" className="mt-6 rounded-box border border-base-300 p-4">
      <h2 id="shop-markdown-heading" className="text-xl font-bold">
        Near-expiry markdown for the whole shop
      </h2>
      <p className="mt-1 text-sm text-base-content/80">
        {rule
          ? `Now: ${rule.percent}% off in the last ${rule.days} day${rule.days === 1 ? '' : 's'} before expiry. `
          : 'None yet. '}
        A product with its own markdown keeps that one; shoppers pay the better of a markdown and a deal.
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-2 grid items-end gap-x-4 sm:grid-cols-[1fr_1fr_auto]">
        <FormField label="Markdown (% off)" htmlFor="shop-markdown-percent" error={errors.percent?.message}>
          {input('percent', MARKDOWN_PERCENT)}
        </FormField>
        <FormField label="In the last (days)" htmlFor="shop-markdown-days" error={errors.days?.message}>
          {input('days', MARKDOWN_DAYS)}
        </FormField>
        <div className="flex flex-wrap gap-2 py-2">
          <SubmitButton busy={save.isPending}>Save markdown</SubmitButton>
          {rule ? (
            <button type="button" className="btn btn-ghost" onClick={onRemove} disabled={clear.isPending}>
              Remove
            </button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
