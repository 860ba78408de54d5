import { PackagesPanel } from './packages-panel';
import { WorkOrderBoard } from './work-order-board';

/** Admin → Reconditioning (issue #31, docs/design.md §14): the work order board, then the packages. */
export function ReconTab() {
  return (
    <div className="grid gap-6">
      <WorkOrderBoard />
      <PackagesPanel />
    </div>
  );
}
