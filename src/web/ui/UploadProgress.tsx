/** The picture formats the server takes, and the progress bar of an upload under way (nothing when idle). */
export const PICTURE_TYPES = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

export function UploadProgress({ progress }: { progress: number | null }) {
  if (progress === null) return null;
  return (
    <progress
      className="progress progress-primary mt-2 w-full"
      value={progress}
      max={100}
      aria-label="Uploading the picture"
    >
      {progress}%
    </progress>
  );
}
