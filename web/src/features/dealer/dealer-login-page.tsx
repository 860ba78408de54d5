import { PageHeading } from '@/components/page-heading';
import { usePageMeta } from '@/lib/use-page-meta';

export default function DealerLoginPage() {
  usePageMeta('dealerLogin');
  return <PageHeading title="Dealer Portal" />;
}
