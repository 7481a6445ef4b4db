/** The billing API's messages (D25, D36); free of imports so that messages.ts can gather them. */
export const billingMessages = {
  'billing.planInvalid': 'Choose a plan: basic, professional, standard or teams.',
  'billing.currencyInvalid': 'Choose a currency: EUR, USD or GBP.',
  'billing.teamsMinimum': 'The Teams plan is for at least 5 users.',
  'billing.usersTeamsOnly': 'Only the Teams plan is bought for several users.',
  'billing.usersInvalid': 'Enter a whole number of users, from 1 to 10000.',
  'billing.paymentProviderFailed':
    'The payment provider could not start the card payment. Nothing was charged: please try again later.',
  'billing.webhookSignatureInvalid': 'The payment event’s signature is missing or not valid.',
} as const;
