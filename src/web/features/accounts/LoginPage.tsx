import { zodResolver } from '@hookform/resolvers/zod';
import key from '@lobehub/fluent-emoji-3d/assets/1f511.webp';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { type SignInInput, signInInput } from '#contract/auth.ts';
import { errorMessage } from '../../api/client.ts';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { finishPendingAdd } from '../../auth/pending-add.ts';
import { paths } from '../../paths.ts';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { TextField, wireFields } from '../../ui/TextField.tsx';
import { toast } from '../../ui/toast.ts';
import { AuthShell } from './AuthShell.tsx';
import { GoogleButton } from './GoogleButton.tsx';
import { returnPath } from './return-path.ts';

export function LoginPage() {
  const { signIn, user, loading } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const target = returnPath(location.state);
  const turnedAway = Boolean(user) && target !== '/';
  const form = useForm<SignInInput>({ resolver: zodResolver(signInInput), defaultValues: { email: '', password: '' } });
  const {
    handleSubmit,
    reset,
    formState: { isSubmitting },
  } = form;

  const done = async () => {
    await finishPendingAdd(location.state, queryClient);
    navigate(target, { replace: true });
  };

  const onSubmit = handleSubmit(async ({ email, password }) => {
    try {
      await signIn(email, password);
      toast.success('You are signed in', { autoClose: 1500 });
      await done();
    } catch (error) {
      toast.error(errorMessage(error));
      reset();
    }
  });

  const field = wireFields('login', form);

  return (
    <AuthShell
      title="Sign in"
      intro="Welcome back! Sign in to shop, sell or manage Farmstall."
      picture={key}
      meta={{ description: 'Sign in to Farmstall to shop, sell or manage the market.', canonical: '/login' }}
    >
      {turnedAway && user ? (
        <p className="alert alert-warning mt-4" role="alert">
          You are signed in as {user.email}, and that account cannot open {target}. Sign in with another account.
        </p>
      ) : null}
      <form onSubmit={onSubmit} noValidate className="mt-4">
        <TextField label="Email" field={field('email')} type="email" autoComplete="email" />
        <TextField label="Password" field={field('password')} type="password" autoComplete="current-password" />
        <p className="mt-1 text-right text-sm">
          <Link to={paths.forgotPassword} className="link link-primary">
            Forgot password?
          </Link>
        </p>
        <SubmitButton busy={isSubmitting} disabled={isSubmitting || loading} className="mt-4 w-full">
          Sign in
        </SubmitButton>
      </form>
      <div className="divider">or</div>
      <GoogleButton onSignedIn={done} />
      <p className="mt-6 text-center">
        New to Farmstall?{' '}
        <Link to={paths.signUp} state={location.state} className="link link-primary font-semibold">
          Create an account
        </Link>
      </p>
    </AuthShell>
  );
}
