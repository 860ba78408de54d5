import { REQUIRED_SHOTS_TEXT } from '@contracts/required-shots-texts';
import { Suspense } from 'react';
import { lazyPage } from '@/app/lazy-page';
import { Loading } from '@/components/ui/placeholders';
import { useNearScreen } from '@/lib/use-near-screen';
import { ADMIN_LABELS } from '../../admin-texts';
import { useRequiredShots } from '../../api/required-shots';
import { Panel, PanelStates } from '../common/panel';
import { schemasInSteps } from '../common/schema-steps';

/** The form's code (checked by the required shots' schema, zod): loaded once the form nears the screen. */
const ShotsForm = lazyPage(() =>
  schemasInSteps()
    .then(() => import('./required-shots-form'))
    .then((m) => ({ default: m.RequiredShotsForm })),
);

const FORM_LOADING = 'Loading the required shots...';

/**
 * Which guided shots the staff wizard requires (issue #34), beside the queue whose photos they
 * make: one checkbox per shot (48 px rows), Save, and Use the default.
 */
export function RequiredShotsPanel() {
  const setting = useRequiredShots();
  // Below a page of the queue's cards: its form (18 checkboxes) is drawn once the reader comes
  // near it, not in the page's first seconds (issue #47).
  const { ref, near } = useNearScreen<HTMLDivElement>();
  return (
    <Panel title={REQUIRED_SHOTS_TEXT.title} description={REQUIRED_SHOTS_TEXT.description} className="mt-6">
      {near ? (
        <PanelStates
          query={setting}
          loading={FORM_LOADING}
          rows={1}
          empty={`${ADMIN_LABELS.listFailed} sign in again`}
        >
          {(data) => (
            <Suspense fallback={<Loading label={FORM_LOADING} rows={1} />}>
              <ShotsForm.Page
                key={data.updatedAt ?? 'default'}
                saved={data.required}
                updatedAt={data.updatedAt}
              />
            </Suspense>
          )}
        </PanelStates>
      ) : (
        <div ref={ref} className="min-h-[36rem] sm:min-h-[20rem]" />
      )}
    </Panel>
  );
}
