import { RECON_PACKAGE_TEXT } from '@contracts/recon-package-texts';
import type { ReconPackage } from '@contracts/recon-packages';
import { Archive, ArchiveRestore, PackageOpen } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Empty, QueryStates } from '@/components/ui/query-states';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/cn';
import { ADMIN_LABELS, RECON_ADMIN_LABELS as L } from '../../admin-texts';
import { useReconPackages } from '../../api/get-recon-packages';
import { useUpdateReconPackage } from '../../api/update-recon-package';
import { Cell, DataTable, Row } from '../common/data-table';
import { Panel } from '../common/panel';
import { PackageDialog } from './package-dialog';
import { businessDays, packagePrice } from './recon-format';

/** The reconditioning packages: offered first, then retired, each editable and retired or offered again. */
export function PackagesPanel() {
  const packages = useReconPackages();
  return (
    <Panel title={L.packagesTitle} description={L.packagesText} actions={<PackageDialog />}>
      <QueryStates
        query={packages}
        loading={L.loadingPackages}
        loadingRows={3}
        failed={ADMIN_LABELS.listFailed}
        empty={<Empty icon={PackageOpen} title={L.noPackages} text={L.noPackagesText} />}
        spacing=""
      >
        {(data) => (
          <DataTable
            label="Reconditioning packages"
            columns={['Package', 'Price', 'Promised', 'Checklist', 'Status', 'Actions']}
          >
            {data.map((p) => (
              <PackageRow key={p.id} pkg={p} />
            ))}
          </DataTable>
        )}
      </QueryStates>
    </Panel>
  );
}

function PackageRow({ pkg }: { pkg: ReconPackage }) {
  const update = useUpdateReconPackage();
  const setRetired = (retired: boolean) =>
    update.mutate(
      { id: pkg.id, body: { retired } },
      {
        onSuccess: (saved) =>
          toast({
            title: saved.retired ? RECON_PACKAGE_TEXT.retired : RECON_PACKAGE_TEXT.restored,
            description: saved.name,
          }),
        onError: (error) =>
          toast({ variant: 'destructive', title: `${pkg.name} not changed`, description: error.message }),
      },
    );
  const items = pkg.checklist.length;
  return (
    <Row data-testid={`package-${pkg.id}`} className={cn(pkg.retired && 'bg-slate-50/70')}>
      <Cell phone="heading">
        <span className="block min-w-0">
          <span className="block font-semibold break-words text-slate-900">{pkg.name}</span>
          {pkg.description ? (
            <span className="block max-w-md text-xs break-words text-slate-600">{pkg.description}</span>
          ) : null}
        </span>
      </Cell>
      <Cell label="Price" className="whitespace-nowrap tabular-nums">
        {packagePrice(pkg.price)}
      </Cell>
      <Cell label="Promised" className="whitespace-nowrap">
        {businessDays(pkg.promisedDays)}
      </Cell>
      <Cell label="Checklist">
        {items === 0 ? (
          'No tasks'
        ) : (
          <details className="max-md:text-right">
            <summary className="cursor-pointer whitespace-nowrap text-brand-700 hover:underline">
              {items} {items === 1 ? 'item' : 'items'}
              <span className="sr-only"> of {pkg.name}</span>
            </summary>
            <ul className="mt-1 list-disc pl-5 text-left text-xs text-slate-700">
              {pkg.checklist.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </details>
        )}
      </Cell>
      <Cell label="Status">
        <Badge tone={pkg.retired ? 'gray' : 'green'}>{pkg.retired ? L.retired : L.offered}</Badge>
      </Cell>
      <Cell className="max-md:justify-end max-md:pt-2">
        <span className="flex flex-wrap justify-end gap-2">
          <PackageDialog existing={pkg} />
          <ConfirmDialog
            trigger={
              <Button size="sm" variant="outline" disabled={update.isPending}>
                {pkg.retired ? (
                  <ArchiveRestore aria-hidden="true" className="h-4 w-4" />
                ) : (
                  <Archive aria-hidden="true" className="h-4 w-4" />
                )}
                {pkg.retired ? L.offerAgain : L.retire}
                <span className="sr-only"> {pkg.name}</span>
              </Button>
            }
            title={pkg.retired ? L.offerAgainTitle(pkg.name) : L.retireTitle(pkg.name)}
            description={pkg.retired ? L.offerAgainText : L.retireText}
            confirmLabel={pkg.retired ? L.offerAgain : L.retire}
            cancelLabel={L.keep}
            destructive={!pkg.retired}
            onConfirm={() => setRetired(!pkg.retired)}
          />
        </span>
      </Cell>
    </Row>
  );
}
