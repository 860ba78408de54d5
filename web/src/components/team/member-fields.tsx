import { TEAM_ROLE_LABELS, TEAM_ROLES } from '@contracts/teams';
import { SelectField } from '@/components/ui/fields';
import { MoneyField } from '@/components/ui/money-field';
import type { BoundField } from '@/lib/form-binding';

export interface MemberFormValues {
  role: (typeof TEAM_ROLES)[number];
  perVehicleLimit: string;
  perDayLimit: string;
}

const ROLE_HINTS = {
  owner: 'everything, and manages the team',
  buyer: 'buys and makes offers',
  viewer: 'sees the dashboard and documents',
} as const;

/** Role and the two dollar limits, shared by the invite form and the edit dialog. */
export function MemberFields({ field }: { field: (name: keyof MemberFormValues) => BoundField }) {
  return (
    <>
      <SelectField label="Role" {...field('role')}>
        {TEAM_ROLES.map((role) => (
          <option key={role} value={role}>
            {TEAM_ROLE_LABELS[role]}: {ROLE_HINTS[role]}
          </option>
        ))}
      </SelectField>
      <div className="grid gap-4 sm:grid-cols-2">
        <MoneyField label="Limit per vehicle ($)" hint="Empty: no limit" {...field('perVehicleLimit')} />
        <MoneyField label="Limit per day ($)" hint="Empty: no limit" {...field('perDayLimit')} />
      </div>
    </>
  );
}
