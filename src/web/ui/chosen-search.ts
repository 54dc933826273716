import { type NavigateOptions, useLocation, useNavigation, useSearchParams } from 'react-router';

type SearchChange = (change: (chosen: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => void;

/**
 * The address's query as last chosen, and a way to change it: while route loaders run, the query of the page being
 * loaded (what was just typed or picked shows at once), else the address's. A change starts from the chosen query,
 * so one made while another is still loading keeps that one instead of starting from the address it replaces.
 */
export function useChosenSearch(): [URLSearchParams, SearchChange] {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const pending = useNavigation().location;
  const chosen = pending?.pathname === pathname ? new URLSearchParams(pending.search) : params;
  return [chosen, (change, options) => setParams(change(new URLSearchParams(chosen)), options)];
}
