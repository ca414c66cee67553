import { zodResolver } from '@hookform/resolvers/zod';
import type { Currency } from '@parcelle/shared/constants';
import { MAX_PARTS_PER_PURCHASE } from '@parcelle/shared/constants';
import { partsForAmount, primarySteps } from '@parcelle/shared/invest-amount';
import { fillSteps } from '@parcelle/shared/secondary';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useSession } from '../session/use-session';
import type { PurchaseOrder } from './api';
import { type BuyFormInput, buyFormSchema } from './buy-form';
import { amountProblem, initialQuantity } from './buy-state';
import { type BuyBy, parseAmountMinor, parseQuantity } from './order';
import { type Pricing, totalOf } from './pricing';

/**
 * The /buy form's state: the quantity (typed, or chosen by an amount), the holder and the responsibility box on the
 * shared schema, and what follows from them (total, fills, the order to pay). No drawing here.
 */
export function useBuyForm({
  paintingId,
  pricing,
  currency,
}: {
  paintingId: string;
  pricing: Pricing;
  currency: Currency;
}) {
  const { user } = useSession();
  const { available } = pricing;
  const secondary = pricing.market === 'secondary';
  const schema = useMemo(() => buyFormSchema(available), [available]);
  const form = useForm<BuyFormInput>({
    resolver: zodResolver(schema),
    defaultValues: { quantity: initialQuantity(available), owner: '', responsibility: false },
  });
  const { control, setValue, getFieldState, formState } = form;
  const quantity = parseQuantity(useWatch({ control, name: 'quantity' }));
  const owner = useWatch({ control, name: 'owner' });

  // Buying by amount (issue 17): the amount chooses the parts (the most whole parts it pays for, in the order the
  // server sells them), and the form goes on with that quantity, so the quote and the payment are the same.
  const [buyBy, setBuyBy] = useState<BuyBy>('parts');
  const [amountTyped, setAmountTyped] = useState('');
  const amountMinor = parseAmountMinor(amountTyped);
  const amountQuote = useMemo(() => {
    if (buyBy !== 'amount' || amountMinor === null) return null;
    const steps = secondary ? pricing.steps : primarySteps(available, pricing.priceMinor);
    return partsForAmount(amountMinor, steps, MAX_PARTS_PER_PURCHASE);
  }, [buyBy, amountMinor, secondary, pricing.steps, pricing.priceMinor, available]);
  const amountParts = amountQuote?.parts ?? 0;
  useEffect(() => {
    if (buyBy !== 'amount') return;
    setValue('quantity', amountParts > 0 ? String(amountParts) : '', {
      shouldValidate: formState.isSubmitted,
      shouldDirty: true,
    });
  }, [buyBy, amountParts, setValue, formState.isSubmitted]);
  const amountIssue =
    buyBy === 'amount'
      ? amountProblem({ quantityError: formState.errors.quantity, amountMinor, quote: amountQuote })
      : null;

  // The holder's name defaults to the member's own (and follows a quick sign-up) until it is edited.
  const fullName = user ? `${user.first_name ?? ''} ${user.last_name ?? ''}`.trim() : '';
  const ownerEdited = useRef(false);
  useEffect(() => {
    if (fullName && !ownerEdited.current && !getFieldState('owner').isDirty) {
      setValue('owner', fullName, { shouldValidate: formState.isSubmitted });
    }
  }, [fullName, setValue, getFieldState, formState.isSubmitted]);

  return {
    form,
    quantity,
    buyBy,
    setBuyBy,
    amountTyped,
    setAmountTyped,
    amountQuote,
    amountIssue,
    /** Called when the member types the holder's name: it no longer follows their own. */
    ownerTyped: () => {
      ownerEdited.current = true;
    },
    totalMinor: totalOf(pricing, quantity),
    fills: secondary && quantity !== null ? fillSteps(pricing.steps, quantity) : null,
    order: quantity !== null ? ({ paintingId, quantity, owner, currency } satisfies PurchaseOrder) : null,
  };
}

export type BuyFormState = ReturnType<typeof useBuyForm>;
