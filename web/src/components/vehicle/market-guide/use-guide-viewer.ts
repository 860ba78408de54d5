import { useAdminCheck } from '@/lib/auth/admin-check';
import { useSignedInDealer } from '@/lib/auth/dealer-session';

/**
 * Who may see the market guide here: a signed-in dealer or admin (the endpoints answer 401 to
 * anyone else, so nothing is asked without one); a dealer also sees the asking price against it.
 * Both are known only after hydration, so the server-rendered page never shows a guide.
 */
export function useGuideViewer(): { canSeeGuide: boolean; isDealer: boolean } {
  const dealer = useSignedInDealer();
  const admin = useAdminCheck();
  const isDealer = dealer !== null;
  return { canSeeGuide: isDealer || admin.data?.authorized === true, isDealer };
}
