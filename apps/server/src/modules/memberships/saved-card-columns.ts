import type { CardSetupOutcome, SavedCard, SavedCardGateway } from '../payments/payment-gateway.ts';

/** A card setup the provider has finished: the gateway and account it ran on, its session, the answer, the card. */
export interface FinishedCardSetup {
  gateway: SavedCardGateway;
  account: string;
  sessionId: string;
  outcome: CardSetupOutcome;
  card: SavedCard;
}

/** The columns by which a subscription (a membership or a monthly gift) charges the card saved at its setup. */
export function savedCardColumns(setup: FinishedCardSetup, startedAt: Date) {
  return {
    provider: setup.gateway.provider,
    providerAccount: setup.account,
    providerCustomer: setup.outcome.customer,
    paymentMethodId: setup.card.id,
    paymentMethodLabel: setup.card.label,
    setupRef: setup.sessionId,
    startedAt,
  };
}
