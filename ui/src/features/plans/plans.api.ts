import { useMutation, useQuery } from '@tanstack/react-query';
import type { BillingResponse, PlansResponse } from '@contracts/plans';
import { apiGet, apiPost } from '../../lib/api';

/** The plan catalogue with this server's trial and payment settings (GET /api/plans, public). */
export function usePlans() {
  return useQuery({ queryKey: ['plans'], queryFn: () => apiGet<PlansResponse>('/api/plans'), staleTime: Infinity });
}

/** The acting workspace's plan, trial and month (GET /api/billing). */
export function useBilling(enabled = true) {
  return useQuery({ queryKey: ['billing'], queryFn: () => apiGet<BillingResponse>('/api/billing'), enabled });
}

/** What to tell someone who picks a paid plan: how they can get it on this server. */
export function howToGetPlan(p: PlansResponse | undefined): string {
  if (p?.checkout) return 'Paid plans are paid online by the workspace owner from Billing.';
  return 'Paid plans are set by the person who runs this Replypilot server: ask your operator.';
}

/**
 * Stripe Checkout for a paid plan, or the customer portal (POST /api/billing/checkout|portal, owners
 * only, ADR 0046): the browser goes to the URL Stripe made. The plan changes when Stripe's webhook
 * says the payment went through, not on return.
 */
export function useStripeRedirect() {
  return useMutation({
    mutationFn: (target: { plan: string } | 'portal') =>
      target === 'portal' ? apiPost<{ url: string }>('/api/billing/portal') : apiPost<{ url: string }>('/api/billing/checkout', target),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
