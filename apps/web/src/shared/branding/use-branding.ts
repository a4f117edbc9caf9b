import { DEFAULT_PRIMARY_COLOR, DEFAULT_PRODUCT_NAME, type Branding } from '@prosa/contracts';
import { useQuery } from '@tanstack/react-query';
import { http } from '../api/client';

export const BRANDING_QUERY_KEY = ['platform', 'branding'] as const;
const STORAGE_KEY = 'branding';

/** Prosa's own, until the operator's branding is known. */
export const DEFAULT_BRANDING: Branding = {
  productName: DEFAULT_PRODUCT_NAME,
  primaryColor: DEFAULT_PRIMARY_COLOR,
  custom: false,
  logo: null,
  logoDark: null,
  favicon: null,
  appIcon: null,
};

/** The branding last seen on this device: the next start shows it at once, not Prosa's first. */
function remembered(): Branding | undefined {
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Branding | null;
    return saved && typeof saved.productName === 'string' && typeof saved.primaryColor === 'string' ? saved : undefined;
  } catch {
    return undefined;
  }
}

export function rememberBranding(branding: Branding): void {
  localStorage.setItem(STORAGE_KEY, JSON.stringify(branding));
}

/** The platform's white-label branding (GET /platform/branding, public): name, colour, logos, icons. */
export function useBranding(): Branding {
  const query = useQuery({
    queryKey: BRANDING_QUERY_KEY,
    queryFn: async () => {
      const branding = await http.get<Branding>('/platform/branding');
      rememberBranding(branding);
      return branding;
    },
    placeholderData: remembered,
    staleTime: 5 * 60_000,
  });
  return query.data ?? DEFAULT_BRANDING;
}
