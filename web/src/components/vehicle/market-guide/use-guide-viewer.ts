import { useAdminCheck } from '@/lib/auth/admin-check';
import { useSignedInDealer } from '@/lib/auth/dealer-session';
import { useAfterHydration } from '@/lib/use-after-hydration';

/**
 * Who may see the market guide here: a signed-in dealer or admin (the endpoints answer 401 to
 * anyone else, so nothing is asked without one); a dealer also sees the asking price against it.
 * Known only after hydration (the server renders every page signed out, ADR 0016): an admin check
 * answered before a lazy page hydrates must not make its first render differ from the HTML.
 */
export function useGuideViewer(): { canSeeGuide: boolean; isDealer: boolean } {
  const dealer = useSignedInDealer();
  const admin = useAdminCheck();
  const isDealer = dealer !== null;
  const canSeeGuide = useAfterHydration(isDealer || admin.data?.authorized === true ? true : null) === true;
  return { canSeeGuide, isDealer };
}
