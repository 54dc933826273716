import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { thumbnailUrl } from '#contract/images.ts';
import { STORY_MAX } from '#contract/shop-story.ts';
import { type ShopPage, type ShopProfileInput, type ShopProfileValues, shopProfileInput } from '#contract/shops.ts';
import { errorMessage } from '../../api/client.ts';
import { uploadImage } from '../../api/upload-image.ts';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { paths } from '../../paths.ts';
import { FormCard } from '../../ui/FormCard.tsx';
import { FormError } from '../../ui/FormError.tsx';
import { FormField } from '../../ui/FormField.tsx';
import { showFieldErrors } from '../../ui/form-outcome.ts';
import { LoadError } from '../../ui/LoadError.tsx';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { TextField, wireFields } from '../../ui/TextField.tsx';
import { toast } from '../../ui/toast.ts';
import { PICTURE_TYPES, UploadProgress } from '../../ui/UploadProgress.tsx';
import { useSaveShopProfile, useShopProfile } from './shop-profile.ts';

/** The picture: uploaded as soon as it is chosen, then saved with the form. */
function PictureField({
  value,
  error,
  onUploaded,
}: {
  value: string;
  error?: string;
  onUploaded: (url: string) => void;
}) {
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setFailure(null);
    setProgress(0);
    try {
      onUploaded((await uploadImage(file, setProgress)).display_url);
    } catch (e) {
      setFailure(errorMessage(e));
    } finally {
      setProgress(null);
    }
  };
  const message = failure ?? error;
  return (
    <FormField label="Picture" htmlFor="shop-image" error={message}>
      <div className="flex items-center gap-3">
        {value ? (
          <img
            src={thumbnailUrl(value)}
            alt="Your shop as shoppers see it"
            width="64"
            height="64"
            className="size-16 rounded-box bg-base-200 object-contain"
          />
        ) : null}
        <input
          id="shop-image"
          type="file"
          accept={PICTURE_TYPES}
          className="file-input w-full"
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? 'shop-image-error' : undefined}
          onChange={(e) => upload(e.target.files?.[0])}
        />
      </div>
      <p className="text-sm text-base-content/80">JPEG, PNG or WebP, up to 5 MB. Choose one to replace it.</p>
      <UploadProgress progress={progress} />
    </FormField>
  );
}

function ShopProfileForm({ shop }: { shop: ShopPage }) {
  const save = useSaveShopProfile(shop._id);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ShopProfileInput, unknown, ShopProfileValues>({
    resolver: zodResolver(shopProfileInput),
    defaultValues: {
      shop: shop.shop,
      story: shop.story ?? '',
      image: shop.image ?? '',
      address: shop.address ?? '',
      phone: shop.phone ?? '',
      website: shop.website ?? '',
      instagram: shop.instagram ?? '',
      facebook: shop.facebook ?? '',
    },
  });
  const field = wireFields('shop', form);
  const image = form.watch('image');
  const story = form.watch('story') ?? '';
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await save.mutateAsync(values);
      form.reset({
        shop: saved.shop,
        story: saved.story ?? '',
        image: saved.image ?? '',
        address: saved.address ?? '',
        phone: saved.phone ?? '',
        website: saved.website ?? '',
        instagram: saved.instagram ?? '',
        facebook: saved.facebook ?? '',
      });
      toast.success('Your shop profile is saved');
    } catch (e) {
      if (!showFieldErrors(form, e)) setFailure(errorMessage(e));
    }
  });

  return (
    <FormCard
      id="shop-profile"
      title="Your shop"
      onSubmit={onSubmit}
      className="grid max-w-2xl gap-1 rounded-box border border-base-300 bg-base-100 p-5"
    >
      <TextField label="Shop name" field={field('shop')} autoComplete="organization" maxLength={80} />
      <TextField
        label="Your story"
        as="textarea"
        className="textarea h-56 w-full"
        field={field('story')}
        hint={`A few paragraphs about your farm: who you are, what you grow, how. Leave a blank line between paragraphs. ${story.length} of ${STORY_MAX} characters.`}
      />
      <PictureField
        value={image}
        error={form.formState.errors.image?.message}
        onUploaded={(url) => form.setValue('image', url, { shouldDirty: true, shouldValidate: true })}
      />
      <TextField label="Address" field={field('address')} autoComplete="street-address" maxLength={200} />
      <TextField label="Phone" field={field('phone')} type="tel" autoComplete="tel" />
      <TextField label="Website" field={field('website')} type="url" placeholder="https://yourfarm.com" />
      <TextField label="Instagram" field={field('instagram')} type="url" placeholder="https://instagram.com/yourfarm" />
      <TextField label="Facebook" field={field('facebook')} type="url" placeholder="https://facebook.com/yourfarm" />
      <FormError message={failure} />
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <SubmitButton busy={save.isPending}>Save shop profile</SubmitButton>
        <Link to={paths.shopDetails(shop._id)} className="link link-primary">
          See your shop page
        </Link>
      </div>
    </FormCard>
  );
}

/**
 * The vendor's shop profile: its name, story, picture, address, phone and web links, changed at any time. The shop's
 * page keeps its address when its name changes (the address is the shop's id).
 */
export function ShopProfilePage() {
  const { user } = useAuth();
  const shop = useShopProfile(user?.id ?? '');
  return (
    <div className="grid gap-4">
      <div>
        <h1 className="text-2xl font-bold">Shop profile</h1>
        <p className="mt-1 max-w-prose">
          What shoppers read on your shop's page. Your pickup points and delivery are set under Pickup & delivery.
        </p>
      </div>
      {shop.isPending ? (
        <PageLoader label="Loading your shop" />
      ) : shop.isError ? (
        <LoadError error={shop.error} onRetry={() => shop.refetch()} />
      ) : (
        <ShopProfileForm shop={shop.data} />
      )}
    </div>
  );
}
