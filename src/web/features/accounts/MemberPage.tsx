import { zodResolver } from '@hookform/resolvers/zod';
import store from '@lobehub/fluent-emoji-3d/assets/1f3ea.webp';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { type VendorRegistrationForm, vendorRegistrationForm } from '#contract/users.ts';
import { errorMessage } from '../../api/client.ts';
import { uploadImage } from '../../api/upload-image.ts';
import { useAuth, useRole } from '../../auth/AuthProvider.tsx';
import { AuthProgress } from '../../auth/RequireRole.tsx';
import { useEmailRefusal } from '../../auth/VerifyEmailRefusal.tsx';
import { paths } from '../../paths.ts';
import { PageMeta } from '../../ui/PageMeta.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { TextField, wireFields } from '../../ui/TextField.tsx';
import { toast } from '../../ui/toast.ts';
import { AuthShell } from './AuthShell.tsx';
import { ImageField } from './ImageField.tsx';
import { useRegisterVendor } from './register-vendor.ts';

/**
 * /member, 'Become a vendor': a signed-in customer registers a shop, becomes a vendor (membership normal) and lands
 * on the vendor home, whose checklist shows what is left to set up.
 */
export function MemberPage() {
  return (
    <>
      <PageMeta title="Become a vendor" />
      <VendorRegistration />
    </>
  );
}

function VendorRegistration() {
  const { user, refresh } = useAuth();
  const { isAdmin, isVendor, isLoading } = useRole();
  const navigate = useNavigate();
  const registerVendor = useRegisterVendor();
  const unverified = useEmailRefusal();
  const [progress, setProgress] = useState<number | null>(null);
  const form = useForm<VendorRegistrationForm>({
    resolver: zodResolver(vendorRegistrationForm),
    defaultValues: { shop: '', date: '', address: '', phone: '' },
  });
  const picture = form.watch('image')?.[0];

  if (isLoading || !user) return <AuthProgress />;
  if (isAdmin || isVendor) {
    return (
      <AuthShell title="Become a vendor" intro="Sell your produce on Farmstall." picture={store}>
        <p className="alert alert-info mt-6" role="status">
          {isVendor ? 'You are already a vendor on Farmstall.' : 'Admin accounts do not run a shop.'}
        </p>
        <Link to={isVendor ? paths.dashboard.vendorHome : paths.dashboard.adminHome} className="btn btn-primary mt-4">
          Go to your dashboard
        </Link>
      </AuthShell>
    );
  }

  const onSubmit = form.handleSubmit(async ({ image, ...shop }) => {
    try {
      setProgress(0);
      const uploaded = await uploadImage(image[0], setProgress);
      await registerVendor.mutateAsync({ email: user.email, input: { ...shop, image: uploaded.display_url } });
      await refresh();
      toast.success('You are now our Vendor', { autoClose: 1500 });
      navigate(paths.dashboard.vendorHome);
    } catch (error) {
      if (!unverified.caught(error)) toast.error(errorMessage(error));
    } finally {
      setProgress(null);
    }
  });

  const field = wireFields('member', form);

  return (
    <AuthShell
      title="Become a vendor"
      intro="Register your shop to sell your produce on Farmstall. A normal membership lists up to 5 products."
      picture={store}
    >
      <form onSubmit={onSubmit} noValidate className="mt-4">
        <TextField label="Shop name" field={field('shop')} autoComplete="organization" />
        <TextField label="Shop established date" field={field('date')} type="date" />
        <TextField label="Shop address" field={field('address')} autoComplete="street-address" />
        <TextField label="Phone number" field={field('phone')} type="tel" autoComplete="tel" />
        <ImageField label="Shop image" field={field('image')} file={picture} progress={progress} />
        {unverified.refusal}
        <SubmitButton busy={form.formState.isSubmitting} className="mt-4 w-full">
          Register my shop
        </SubmitButton>
      </form>
    </AuthShell>
  );
}
