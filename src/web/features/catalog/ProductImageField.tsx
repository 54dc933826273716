import { useState } from 'react';
import { thumbnailUrl } from '#contract/images.ts';
import { errorMessage } from '../../api/client.ts';
import { uploadImage } from '../../api/upload-image.ts';
import { FormField } from '../../ui/FormField.tsx';
import { PICTURE_TYPES, UploadProgress } from '../../ui/UploadProgress.tsx';

/** Picks a picture and uploads it at once, showing progress; reports the stored URL. */
export function ProductImageField({
  id,
  value,
  error,
  onUploaded,
}: {
  id: string;
  value: string | undefined;
  error?: string;
  onUploaded: (url: string) => void;
}) {
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploadError(null);
    setProgress(0);
    try {
      const result = await uploadImage(file, setProgress);
      onUploaded(result.display_url);
    } catch (e) {
      setUploadError(errorMessage(e));
    } finally {
      setProgress(null);
    }
  };

  return (
    <FormField label="Product Image" htmlFor={id} error={uploadError ?? error}>
      <div className="flex items-center gap-3">
        {value ? (
          <img
            src={thumbnailUrl(value)}
            alt="Uploaded product"
            width="56"
            height="56"
            className="size-14 rounded-box bg-base-200 object-contain"
          />
        ) : null}
        <input
          id={id}
          type="file"
          accept={PICTURE_TYPES}
          className="file-input w-full"
          aria-invalid={error || uploadError ? true : undefined}
          aria-describedby={error || uploadError ? `${id}-error` : undefined}
          onChange={(e) => upload(e.target.files?.[0])}
        />
      </div>
      <p className="text-sm text-base-content/80">JPEG, PNG or WebP, up to 5 MB</p>
      <UploadProgress progress={progress} />
    </FormField>
  );
}
