import type { Member } from '@contracts/auth';
import { BUYING_TEXT, type OfferForm, offerAtAskingText, offerFormSchema } from '@contracts/buying';
import type { OwnOffer } from '@contracts/delivered-price';
import { DELIVERED_PRICE_TEXT } from '@contracts/delivered-price-texts';
import { BUYING_ROLES, TEAM_TEXT } from '@contracts/teams';
import { type ReactNode, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { newIdempotencyKey } from '@/lib/api/new-idempotency-key';
import { useDealerMe } from '@/lib/auth/dealer-session';
import { useActiveBuyCode, useDealerOffer, useDealerPurchase } from '@/lib/buying/dealer-purchase';
import { useBuyerLimits } from '@/lib/buying/delivered-price';
import type { PurchasedVehicle } from '@/lib/buying/purchased-vehicle';
import { formatMoney } from '@/lib/display/format';
import { bindFields } from '@/lib/form-binding';
import { zodResolver } from '@/lib/zod';
import { type BuyChoice, purchaseOf } from './buy-choice';
import { limitsText } from './checkout-limits';
import { formatPrice } from './delivery-figures';
import { OfferAmountField } from './offer-amount-field';
import { atOrAboveAsking } from './offer-at-asking';
import { offerToasts } from './offer-toasts';
import { purchaseToasts } from './purchase-toasts';

/**
 * Who buys, with which of their own codes, and their limits with what is left today (issue #46:
 * shown before any choice, in the words the server refuses with): a signed-in member types no code
 * (docs/design.md §10, §11).
 */
export function BuyingAs({ member }: { member: Member }) {
  const code = useActiveBuyCode();
  const room = useBuyerLimits(useDealerMe().data);
  const limits = room.data ? limitsText(room.data) : null;
  return (
    <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700" data-testid="buying-as">
      Buying as <strong>{member.name}</strong>
      {code.data ? (
        <>
          {' '}
          with your buy code <strong className="font-mono tracking-widest">{code.data}</strong>
        </>
      ) : null}
      .{limits ? ` ${limits}` : ''}
    </p>
  );
}

/** "You have an offer of $18,500 pending on this car" in Buy Now (issue #46): buying now is instead of it. */
export function OwnOfferNote({ offer }: { offer: OwnOffer }) {
  return (
    <p
      className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200"
      data-testid="own-offer"
    >
      {offer.status === 'countered' && offer.counterAmount
        ? DELIVERED_PRICE_TEXT.counteredOffer(formatPrice(offer.amount), formatPrice(offer.counterAmount))
        : DELIVERED_PRICE_TEXT.pendingOffer(formatPrice(offer.amount))}
    </p>
  );
}

const mayBuy = (member: Member) => BUYING_ROLES.includes(member.role);

export function MemberBuyNow({
  member,
  vehicle,
  onDone,
  choice,
}: {
  member: Member;
  vehicle: PurchasedVehicle;
  onDone: () => void;
  choice: BuyChoice;
}) {
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const purchase = useDealerPurchase();
  const refusalId = useId();
  if (!mayBuy(member)) return <p className="text-sm text-slate-700">{TEAM_TEXT.viewerCannotBuy}</p>;
  return (
    <div className="grid gap-2">
      <Button
        size="lg"
        autoFocus
        disabled={purchase.isPending || choice.refusal !== null}
        aria-describedby={choice.refusal ? refusalId : undefined}
        onClick={() => {
          if (!choice.extras) return choice.reveal();
          purchase.mutate(
            purchaseOf(vehicle, idempotencyKey, choice),
            purchaseToasts(onDone, setIdempotencyKey, (error) => ({
              title: 'Not bought',
              description: error.message,
            })),
          );
        }}
      >
        {purchase.isPending ? BUYING_TEXT.processing : choice.label}
      </Button>
      {choice.refusal ? (
        <p id={refusalId} className="text-sm font-medium text-amber-800" data-testid="buy-refusal">
          {choice.refusal}
        </p>
      ) : null}
    </div>
  );
}

const amountOnly = offerFormSchema.pick({ amount: true });

export function MemberMakeOffer({
  member,
  vehicleId,
  askingPrice,
  onDone,
  onBuyNowInstead,
  reconPackageId,
  picker,
}: {
  member: Member;
  vehicleId: number;
  askingPrice: string | null;
  onDone: () => void;
  onBuyNowInstead?: () => void;
  reconPackageId: number | null;
  picker: ReactNode;
}) {
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const offer = useDealerOffer();
  const form = useForm<Pick<OfferForm, 'amount'>>({
    resolver: zodResolver(amountOnly),
    defaultValues: { amount: '' },
  });
  const field = bindFields(form);
  if (!mayBuy(member)) return <p className="text-sm text-slate-700">{TEAM_TEXT.viewerCannotBuy}</p>;
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={form.handleSubmit(({ amount }) => {
        if (atOrAboveAsking(amount, askingPrice)) {
          form.setError('amount', { message: offerAtAskingText(formatMoney(askingPrice)) });
          return;
        }
        offer.mutate(
          { vehicleId, amount, idempotencyKey, reconPackageId },
          offerToasts(onDone, setIdempotencyKey),
        );
      })}
    >
      <BuyingAs member={member} />
      <OfferAmountField
        amount={field('amount')}
        askingPrice={askingPrice}
        onBuyNowInstead={onBuyNowInstead}
        autoFocus
      />
      {picker}
      <Button type="submit" size="lg" disabled={offer.isPending}>
        {offer.isPending ? BUYING_TEXT.processing : 'Submit Offer'}
      </Button>
    </form>
  );
}
