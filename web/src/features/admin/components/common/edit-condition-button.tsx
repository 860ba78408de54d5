import { ClipboardEdit } from 'lucide-react';
import { Suspense, useState } from 'react';
import { lazyPage } from '@/app/lazy-page';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Loading } from '@/components/ui/placeholders';
import { ADMIN_LABELS } from '../../admin-texts';
import { schemasInSteps } from './schema-steps';

/**
 * The condition editor's code (the damage, tires and warning-light editors, photo uploads, the
 * condition report's schemas), loaded as the dialog first opens: a queue card shows its button
 * without loading zod (issue #47).
 */
const Editor = lazyPage(() =>
  schemasInSteps()
    .then(() => import('./edit-condition-dialog'))
    .then((m) => ({ default: m.EditConditionBody })),
);

/**
 * "Edit condition": an admin adds, deletes and reorders a vehicle's photos, sets the cover, and
 * edits damage items, tires and warning lights with the grade previewed as they type.
 */
export function EditConditionButton({ vehicleId, name }: { vehicleId: number; name: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Modal
      open={open}
      onOpenChange={setOpen}
      title={`Edit condition: ${name}`}
      description="Photos are saved as you change them; damage, tires and warning lights when you press Save report."
      className="md:max-w-4xl"
      trigger={
        <Button variant="outline" size="sm" onPointerEnter={() => Editor.preload().catch(() => {})}>
          <ClipboardEdit aria-hidden="true" className="h-4 w-4" />
          Edit condition
          <span className="sr-only">: {name}</span>
        </Button>
      }
    >
      <Suspense fallback={<Loading label={ADMIN_LABELS.conditionLoading} rows={2} />}>
        <Editor.Page vehicleId={vehicleId} onDone={() => setOpen(false)} />
      </Suspense>
    </Modal>
  );
}
