import { ImageUp } from 'lucide-react';
import { useEffect, useState } from 'react';
import { FormField } from '../../ui/FormField.tsx';
import type { WiredControl } from '../../ui/TextField.tsx';
import { PICTURE_TYPES, UploadProgress } from '../../ui/UploadProgress.tsx';

/** A picture file input with a preview and the upload progress while it is being sent, wired by `wireFields`. */
export function ImageField({
  label,
  field: { control, error },
  file,
  progress,
}: {
  label: string;
  field: WiredControl;
  file: File | undefined;
  progress: number | null;
}) {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  return (
    <FormField label={label} htmlFor={control.id} error={error}>
      <div className="flex items-center gap-3">
        {preview ? (
          <img src={preview} alt="Your choice, as it will appear" className="size-14 rounded-full object-cover" />
        ) : (
          <span className="flex size-14 items-center justify-center rounded-full bg-base-200" aria-hidden="true">
            <ImageUp className="text-base-content/60" />
          </span>
        )}
        <input type="file" accept={PICTURE_TYPES} className="file-input w-full" {...control} />
      </div>
      {error ? null : <p className="text-sm text-base-content/80">JPEG, PNG or WebP, up to 5 MB</p>}
      <UploadProgress progress={progress} />
    </FormField>
  );
}
