import { BUYING_TEXT, type BuyNowForm as BuyNowFormValues, buyNowFormSchema } from '@contracts/buying';
import { BUYING_ROLES } from '@contracts/teams';
import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { newIdempotencyKey } from '@/lib/api/new-idempotency-key';
import { useDealerMe } from '@/lib/auth/dealer-session';
import { useBuyerLimits, useDeliveredPrice } from '@/lib/buying/delivered-price';
import { useFloorPlanLines } from '@/lib/buying/delivery-quote';
import { useSaleTerms } from '@/lib/buying/get-sale-terms';
import { usePurchaseVehicle } from '@/lib/buying/purchase-vehicle';
import { buyForLabel, type PurchasedVehicle, purchaseRefusal } from '@/lib/buying/purchased-vehicle';
import { zodResolver } from '@/lib/zod';
import { type BuyChoice, purchaseOf } from './buy-choice';
import { BuyCodeField } from './buy-code-field';
import { BuyCodeHelp } from './buy-code-help';
import { checkoutLimits } from './checkout-limits';
import { formatPrice } from './delivery-figures';
import { FloorPlanOption } from './floor-plan-option';
import { BuyingAs, MemberBuyNow, OwnOfferNote } from './member-buying';
import { PurchaseTerms } from './purchase-terms';
import { purchaseToasts } from './purchase-toasts';
import { ReconPackagePicker } from './recon-package-picker';
import { TransportOption, useTransportChoice } from './transport-option';

/**
 * The Buy Now dialog body (docs/product.md §2, §4, §5): what is bought, for how much and on which terms
 * (issue #26), then a 4-character buy code, trimmed and upper-cased; an empty code is not
 * submitted (and nothing is said, so focus stays put); 'Processing...' while pending; Enter
 * submits. The button says what it does: 'Buy for $18,750'. A purchase made is confirmed by
 * PurchaseConfirmationHost, which outlives this dialog (the vehicle leaves the page once sold).
 */
export function BuyNowForm({ vehicle, onDone }: { vehicle: PurchasedVehicle; onDone: () => void }) {
  // A signed-in team member buys without typing a code (docs/design.md §10); everyone else as the spec says.
  const me = useDealerMe();
  const terms = useSaleTerms();
  // The reconditioning package (docs/design.md §14): the button says what the sale costs with it.
  const [recon, setRecon] = useState<{ id: number | null; price: string | null; name: string | null }>({
    id: null,
    price: null,
    name: null,
  });
  const choose = useCallback(
    (id: number | null, price: string | null, name: string | null = null) => setRecon({ id, price, name }),
    [],
  );
  // Certified delivery and a floor-plan line (docs/design.md §15): quoted and offered to a signed-in dealer.
  const signedIn = Boolean(me.data);
  const member = me.data?.member ?? null;
  const canBuy = !member || BUYING_ROLES.includes(member.role);
  // What the card said (issue #46): the dealership's ZIP, filled in when delivery is turned on, and
  // the dealership's open offer on the car; a member's limits, judged before each choice.
  const delivered = useDeliveredPrice(vehicle.id, me.data);
  const room = useBuyerLimits(me.data);
  // Quoted with the package chosen: the pickup waits for its promised business days.
  const transport = useTransportChoice(
    recon.id === null ? { vehicleId: vehicle.id } : { vehicleId: vehicle.id, reconPackageId: recon.id },
    signedIn,
    false,
    delivered.data?.delivery?.toZip ?? null,
  );
  const [floorPlanLineId, setFloorPlanLineId] = useState<number | null>(null);
  // The one committed total (contracts/deal-total.ts) and what the member's limits allow of it.
  const limits = checkoutLimits(member && canBuy ? room.data : null, {
    price: vehicle.price,
    reconPrice: recon.price,
    deliveryPrice: transport.price,
    defaultDeliveryPrice: delivered.data?.delivery?.price ?? null,
  });
  const total = limits.total;
  const lines = useFloorPlanLines(signedIn && canBuy);
  // What the confirmation repeats after the purchase: the same total, delivery and line as here.
  const bought: PurchasedVehicle = {
    ...vehicle,
    checkout: {
      total: transport.choice.on && !transport.price ? null : total,
      reconName: recon.id !== null && Number(recon.price ?? 0) > 0 ? recon.name : null,
      deliveryTo: transport.request ? `${transport.request.address} (${transport.request.toZip})` : null,
      floorPlanLine: lines.data?.find((line) => line.id === floorPlanLineId)?.label ?? null,
    },
  };
  const choice: BuyChoice = {
    reconPackageId: recon.id,
    total,
    // With delivery the sum has cents, shown as charged; without a session it is priced at purchase.
    label:
      total && transport.price
        ? `Buy for ${formatPrice(total)}`
        : `${buyForLabel(total)}${transport.choice.on ? ' + delivery' : ''}`,
    extras:
      transport.request === null
        ? null
        : {
            ...(transport.request ? { transport: transport.request } : {}),
            ...(floorPlanLineId !== null ? { floorPlanLineId } : {}),
          },
    reveal: transport.reveal,
    refusal: limits.buy,
  };
  return (
    <div className="grid gap-4">
      <PurchaseTerms
        vehicleTitle={vehicle.title}
        price={vehicle.price}
        condition={vehicle.condition}
        terms={terms.data}
      />
      {delivered.data?.offer ? <OwnOfferNote offer={delivered.data.offer} /> : null}
      {member && canBuy ? <BuyingAs member={member} /> : null}
      {canBuy ? (
        <ReconPackagePicker
          value={recon.id}
          onChange={choose}
          vehiclePrice={vehicle.price}
          refusalOf={limits.package}
        />
      ) : null}
      {canBuy && !me.isPending ? (
        <TransportOption
          state={transport}
          vehiclePrice={vehicle.price}
          reconPrice={recon.price}
          refusal={limits.delivery}
        />
      ) : null}
      {signedIn && canBuy ? <FloorPlanOption value={floorPlanLineId} onChange={setFloorPlanLineId} /> : null}
      {me.isPending ? (
        <p className="text-sm text-slate-600">Loading…</p>
      ) : member ? (
        <MemberBuyNow member={member} vehicle={bought} onDone={onDone} choice={choice} />
      ) : (
        <CodeBuyNowForm vehicle={bought} onDone={onDone} choice={choice} />
      )}
    </div>
  );
}

function CodeBuyNowForm({
  vehicle,
  onDone,
  choice,
}: {
  vehicle: PurchasedVehicle;
  onDone: () => void;
  choice: BuyChoice;
}) {
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const purchase = usePurchaseVehicle();
  const form = useForm<BuyNowFormValues>({
    resolver: zodResolver(buyNowFormSchema),
    defaultValues: { code: '' },
    shouldFocusError: false,
  });

  const onSubmit = form.handleSubmit((values) => {
    if (purchase.isPending) return;
    if (!choice.extras) return choice.reveal();
    purchase.mutate(
      { code: values.code, ...purchaseOf(vehicle, idempotencyKey, choice) },
      purchaseToasts(onDone, setIdempotencyKey, (error) => ({ title: purchaseRefusal(error) })),
    );
  });

  return (
    <div className="grid gap-5">
      <form noValidate onSubmit={onSubmit} className="grid gap-3">
        <BuyCodeField large hint="Your dealership's 4-character code." autoFocus {...form.register('code')} />
        <Button type="submit" size="lg" disabled={purchase.isPending}>
          {purchase.isPending ? BUYING_TEXT.processing : choice.label}
        </Button>
      </form>
      <BuyCodeHelp />
    </div>
  );
}
