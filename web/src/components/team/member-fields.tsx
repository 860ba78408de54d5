import { TEAM_ROLE_LABELS, TEAM_ROLES } from '@contracts/teams';
import type { FieldErrors, Path, UseFormRegister } from 'react-hook-form';
import { SelectField } from '@/components/ui/fields';
import { MoneyField } from '@/components/ui/money-field';

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
export function MemberFields<T extends MemberFormValues>({
  register,
  errors,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<MemberFormValues>;
}) {
  const field = (name: keyof MemberFormValues) => register(name as Path<T>);
  return (
    <>
      <SelectField label="Role" error={errors.role?.message} {...field('role')}>
        {TEAM_ROLES.map((role) => (
          <option key={role} value={role}>
            {TEAM_ROLE_LABELS[role]}: {ROLE_HINTS[role]}
          </option>
        ))}
      </SelectField>
      <div className="grid gap-4 sm:grid-cols-2">
        <MoneyField
          label="Limit per vehicle ($)"
          hint="Empty: no limit"
          error={errors.perVehicleLimit?.message}
          {...field('perVehicleLimit')}
        />
        <MoneyField
          label="Limit per day ($)"
          hint="Empty: no limit"
          error={errors.perDayLimit?.message}
          {...field('perDayLimit')}
        />
      </div>
    </>
  );
}
