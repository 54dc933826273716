import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { signUpForm } from '#contract/auth.ts';
import { errorMessage } from '../../api/client.ts';
import { uploadImage } from '../../api/upload-image.ts';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { Avatar } from '../../layout/UserMenu.tsx';
import { wireFields } from '../../ui/TextField.tsx';
import { toast } from '../../ui/toast.ts';
import { ImageField } from './ImageField.tsx';
import { ProfileForm, ProfileSection } from './ProfileSection.tsx';
import { savePhoto } from './save-photo.ts';

const photoForm = signUpForm.pick({ image: true });
type PhotoForm = z.infer<typeof photoForm>;

/** The picture shops and reviews show beside the name: upload a new one (the sign-up picture until then). */
export function PhotoSection() {
  const { user, refresh } = useAuth();
  const form = useForm<PhotoForm>({ resolver: zodResolver(photoForm) });
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const field = wireFields('photo', form);
  const picture = form.watch('image')?.[0];
  const onSubmit = form.handleSubmit(async ({ image }) => {
    setFailure(null);
    try {
      setProgress(0);
      const uploaded = await uploadImage(image[0], setProgress);
      await savePhoto(uploaded.display_url);
      await refresh();
      form.reset();
      toast.success('Your photo is saved');
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setProgress(null);
    }
  });
  return (
    <ProfileSection id="photo-title" title="Photo">
      <div className="mt-2 flex items-center gap-3">
        <Avatar photoURL={user?.photoURL ?? null} size={64} />
        <p className="text-sm">Shown beside your name on your reviews and, for a shop, to its shoppers.</p>
      </div>
      <ProfileForm onSubmit={onSubmit} failure={failure} busy={form.formState.isSubmitting} submit="Save photo">
        <ImageField label="New photo" field={field('image')} file={picture} progress={progress} />
      </ProfileForm>
    </ProfileSection>
  );
}
