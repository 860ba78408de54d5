import { PageHeading } from '@/components/page-heading';
import { usePageMeta } from '@/lib/use-page-meta';

export default function DealerDashboardPage() {
  usePageMeta('dealerDashboard');
  return <PageHeading title="Dealer Dashboard" />;
}
