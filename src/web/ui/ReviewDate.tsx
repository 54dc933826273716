import { localDateText, utcDateText } from '#contract/plain-format.ts';
import { useHydrated } from './use-hydrated.ts';

/**
 * The day a review was written: in the reader's own time zone once the page is hydrated, in UTC before (the server
 * knows no reader's zone), so hydration finds the text the server sent.
 */
export function ReviewDate({ iso, className }: { iso: string; className: string }) {
  const text = useHydrated() ? localDateText : utcDateText;
  return (
    <time dateTime={iso} className={className}>
      {text(new Date(iso))}
    </time>
  );
}
