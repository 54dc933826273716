import type { CardSetupIntent } from './card-setup.ts';

/** What the payment pages need from a card field, whichever provider draws it. */
export type CardPayer = {
  /** Checks the card fields and shows their errors; true when the card can be charged. */
  validate: () => boolean;
  /** Charges the card for the intent; resolves with the provider's error message, or null when paid. */
  confirm: (intent: { paymentIntentId: string; clientSecret: string }) => Promise<string | null>;
  /**
   * Saves the card for later charges with a SetupIntent, after the bank's authentication when the card asks for it;
   * resolves with the provider's error message, or null when saved.
   */
  save: (setup: CardSetupIntent) => Promise<string | null>;
};
