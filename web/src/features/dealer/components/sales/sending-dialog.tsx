import type { FormEventHandler, ReactNode } from 'react';
import { Button, type ButtonSize } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Modal } from '@/components/ui/modal';

/**
 * A dialog with one form that sends a dealer's step to the server (a delivery confirmation, an
 * unwind request, a claim): the fields, the server's refusal in words (`problem`), and the send
 * button, disabled and saying why while uploads run (`waitLabel`) or the request is on its way.
 * Closing it forgets the last refusal (`onClosed`).
 */
export function SendingDialog({
  open,
  setOpen,
  onClosed,
  title,
  description,
  trigger,
  onSubmit,
  problem,
  pending,
  waitLabel,
  submitLabel,
  submitSize,
  children,
}: {
  open: boolean;
  setOpen: (open: boolean) => void;
  onClosed: () => void;
  title: string;
  description: string;
  trigger: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  problem: string | null;
  pending: boolean;
  waitLabel?: string | null;
  submitLabel: string;
  submitSize?: ButtonSize;
  children: ReactNode;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) onClosed();
      }}
      title={title}
      description={description}
      trigger={trigger}
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        {children}
        <FormAlert message={problem} />
        <Button type="submit" size={submitSize} disabled={pending || Boolean(waitLabel)}>
          {pending ? 'Sending…' : (waitLabel ?? submitLabel)}
        </Button>
      </form>
    </Modal>
  );
}
