import { DELIVERY_TEXT } from '@contracts/delivery';
import { Truck } from 'lucide-react';
import { useState } from 'react';
import { formatPrice } from '@/components/buying/delivery-figures';
import { TransportFields, useTransportChoice } from '@/components/buying/transport-option';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/use-toast';
import { useOrderTransport } from '../../api/delivery-api';

/**
 * "Order certified delivery" for a sale already made (docs/design.md §15): the ZIP, address and trailer
 * are quoted for this sale's car, then ordered at the quoted price, which joins the sale's ledger.
 */
export function OrderTransportDialog({ transactionId, vehicle }: { transactionId: number; vehicle: string }) {
  const [open, setOpen] = useState(false);
  const transport = useTransportChoice({ transactionId }, true, true);
  const order = useOrderTransport();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (order.isPending) return;
    if (!transport.request) return transport.reveal();
    // Through the promise, not mutate()'s callbacks: this dialog unmounts once the refreshed sales
    // show the order, which may come before the last refetch the mutation waits for.
    order.mutateAsync({ id: transactionId, body: transport.request }).then(
      () => {
        toast({ title: DELIVERY_TEXT.ordered, description: vehicle });
        setOpen(false);
        transport.reset();
      },
      // A refusal is shown in the dialog from the mutation's state.
      () => {},
    );
  };
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) order.reset();
      }}
      title="Order certified delivery"
      description={`${vehicle}: ${DELIVERY_TEXT.transportHint}`}
      trigger={
        <Button size="sm" variant="outline" className="h-11 sm:h-9">
          <Truck aria-hidden="true" className="h-4 w-4" />
          Order certified delivery
        </Button>
      }
    >
      <form noValidate onSubmit={submit} className="grid gap-4">
        <TransportFields state={transport} />
        <FormAlert message={order.error?.message} />
        <Button type="submit" size="lg" disabled={order.isPending}>
          {order.isPending
            ? 'Ordering…'
            : transport.price
              ? `Order delivery for ${formatPrice(transport.price)}`
              : 'Order delivery'}
        </Button>
      </form>
    </Modal>
  );
}
