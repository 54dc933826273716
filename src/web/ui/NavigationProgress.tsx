import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';

/** How long a navigation may take before the bar shows: quicker ones would only flash it. */
export const PROGRESS_DELAY_MS = 200;

/**
 * A thin bar across the top of the window while a navigation is under way (a page's code or data still coming),
 * once it has taken longer than PROGRESS_DELAY_MS. daisyUI's bar stands still when the user asks for reduced motion.
 */
export function NavigationProgress() {
  const navigating = useNavigation().state !== 'idle';
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!navigating) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), PROGRESS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [navigating]);
  if (!navigating || !shown) return null;
  return (
    <progress
      className="progress progress-primary fixed inset-x-0 top-0 z-[100] h-1 rounded-none"
      aria-label="Loading the page"
    />
  );
}
