import { zodResolver } from '@hookform/resolvers/zod';
import basket from '@lobehub/fluent-emoji-3d/assets/1f9fa.webp';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { type SignUpForm, signUpForm } from '#contract/auth.ts';
import { errorMessage } from '../../api/client.ts';
import { uploadImage } from '../../api/upload-image.ts';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { finishPendingAdd } from '../../auth/pending-add.ts';
import { paths } from '../../paths.ts';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { TextField, wireFields } from '../../ui/TextField.tsx';
import { toast } from '../../ui/toast.ts';
import { AuthShell } from './AuthShell.tsx';
import { useCreateAccount } from './create-account.ts';
import { ImageField } from './ImageField.tsx';
import { returnPath } from './return-path.ts';
import { savePhoto } from './save-photo.ts';

export function SignUpPage() {
  const { signIn, refresh } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const location = useLocation();
  const createAccount = useCreateAccount();
  const [progress, setProgress] = useState<number | null>(null);
  const form = useForm<SignUpForm>({
    resolver: zodResolver(signUpForm),
    defaultValues: { name: '', email: '', password: '' },
  });
  const { handleSubmit, reset, formState } = form;
  const picture = form.watch('image')?.[0];

  // The account comes first: only a signed-in user may upload, so the picture follows as the new user's photo.
  const onSubmit = handleSubmit(async ({ name, email, password, image }) => {
    try {
      await createAccount.mutateAsync({ name, email, password, roll: 'customer' });
      await signIn(email, password);
    } catch (error) {
      toast.error(errorMessage(error));
      reset();
      return;
    }
    try {
      setProgress(0);
      const uploaded = await uploadImage(image[0], setProgress);
      await savePhoto(uploaded.display_url);
      await refresh();
      toast.success('Sign up has been successful', { autoClose: 500 });
    } catch (error) {
      toast.warn(`Your account is ready, but the picture could not be saved: ${errorMessage(error)}`);
    } finally {
      setProgress(null);
    }
    await finishPendingAdd(location.state, queryClient);
    navigate(returnPath(location.state));
  });

  const field = wireFields('signup', form);

  return (
    <AuthShell
      title="Create an account"
      intro="Join Farmstall to fill your cart with local food."
      picture={basket}
      meta={{
        description: 'Join Farmstall to fill your cart with local food from nearby shops.',
        canonical: '/signUp',
      }}
    >
      <form onSubmit={onSubmit} noValidate className="mt-4">
        <TextField label="Name" field={field('name')} autoComplete="name" />
        <TextField label="Email" field={field('email')} type="email" autoComplete="email" />
        <TextField
          label="Password"
          field={field('password')}
          type="password"
          autoComplete="new-password"
          after={
            formState.errors.password ? null : (
              <p className="text-sm text-base-content/80">
                6 to 20 characters with an upper case letter, a lower case letter, a number and a special character
              </p>
            )
          }
        />
        <ImageField label="Your photo" field={field('image')} file={picture} progress={progress} />
        <SubmitButton busy={formState.isSubmitting} className="mt-4 w-full">
          Sign up
        </SubmitButton>
      </form>
      <p className="mt-6 text-center">
        Already have an account?{' '}
        <Link to={paths.login} state={location.state} className="link link-primary font-semibold">
          Sign in
        </Link>
      </p>
    </AuthShell>
  );
}
